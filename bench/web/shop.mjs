// The signed-in shop the web benches load (bench/web/lighthouse.mjs, bench/web/react-commits.mjs,
// bench/web/offline-till.mjs): a verified owner with a store and a few products, made through the
// API of a running server, and the session the app would store for it.
import net from 'node:net';
import Database from 'better-sqlite3';
import { startServer } from '../lib.mjs';

export const PASSWORD = 'lighthouse-pass-1';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built server as the web benches load it: production, on a free port. */
export async function startShopServer() {
  return startServer({
    port: await freePort(),
    env: {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      MAIL_TRANSPORT: 'log',
      SIGNUP_MAX_PER_IP_HOUR: '1000',
    },
  });
}

/** One API call; its `data`, or an error with the status and answer. */
export async function call(base, method, url, body, token) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * Signs up a shop owner (`<emailPrefix>.<time>@example.ng`), verifies the email with the code the
 * server's mail outbox holds (its SQLite database at `dbPath`), names the business and signs in.
 * Answers the email and the sign-in's data (`userToken`, `userStore`, the user).
 */
export async function verifiedOwner(base, dbPath, { emailPrefix = 'lighthouse', password = PASSWORD } = {}) {
  const email = `${emailPrefix}.${Date.now().toString(36)}@example.ng`;
  const signUp = await call(base, 'POST', '/user/signup', {
    first_name: 'Ngozi',
    last_name: 'Eze',
    email,
    password,
    phone_number: '+2348012345678',
    country: 'Nigeria',
  });
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  const mail = db
    .prepare('select text from mail_outbox where to_address = ? order by created_at desc limit 1')
    .get(email);
  db.close();
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code in the outbox');
  await call(base, 'POST', '/user/verify-email', { email, code });
  await call(
    base,
    'PUT',
    `/user/business-info/${signUp.id}`,
    { business_name: 'Ngozi Provisions', country: 'Nigeria', city: 'Lagos', state: 'Lagos' },
    signUp.userToken,
  );
  return { email, data: await call(base, 'POST', '/user/signin', { email, password }) };
}

/** A verified shop owner with a store and a few products, and the session the app would store. */
export async function createShop(base, dbPath) {
  const { data } = await verifiedOwner(base, dbPath);
  const names = ['Milo 500g', 'Peak Milk 400g', 'Indomie Chicken 70g', 'Golden Penny Semovita 1kg'];
  for (const [i, name] of names.entries()) {
    await call(
      base,
      'POST',
      '/product/create',
      { name, price: 150000 + i * 25000, quantity: 20 },
      data.userToken,
    );
  }
  // The session as the app stores it after sign-in (apps/web/src/lib/session.ts).
  const { userToken, userStore, ...user } = data;
  const store = userStore.find((s) => s.business_name === data.business_name) ?? userStore[0];
  const expiry = Date.now() + 6 * 3600_000;
  return {
    authState: {
      value: {
        token: userToken,
        user: { ...user, business_name: store.business_name },
        isLoggedIn: true,
        store: { id: store.id, business_name: store.business_name },
      },
      expiry,
    },
    loginToken: { value: userToken, expiry },
    userEmail: { value: user.email, expiry },
  };
}
