// Does the answer's timing tell whether an email has an account? Measures sign-in (wrong
// password vs unknown email), forgot-password (known vs unknown email) and sign-up (taken vs
// new email) against the built server, alternating the cases. Run: npm run bench:auth
import { json, percentile, startServer } from './lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
// Each request comes from its own address (X-Forwarded-For, trusted here) and each round uses its
// own account, so rate limits and account locks do not turn answers into fast 429s.
const server = await startServer({ port: Number(process.env.PORT ?? 3190), env: { TRUST_PROXY: 'true' } });
let n = 0;
const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++n / 250) % 250}.${(n % 250) + 1}` });
try {
  const emailOf = (i) => `timing.owner${i}@example.ng`;
  const signUp = (email) => ({
    first_name: 'Timing',
    last_name: 'Owner',
    email,
    password: 'timing-pass-1',
    phone_number: '+2348030000000',
    country: 'Nigeria',
  });
  for (let i = 0; i < ROUNDS; i++) {
    const r = await json(server.base, 'POST', '/user/signup', signUp(emailOf(i)), null, from());
    if (r.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(r.body)}`);
  }
  const measure = async (fn) => {
    const t0 = process.hrtime.bigint();
    const res = await fn();
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.status };
  };
  const cases = {
    'sign-in, known email, wrong password': (i) =>
      json(
        server.base,
        'POST',
        '/user/signin',
        { email: emailOf(i), password: `wrong-${i}-x9` },
        null,
        from(),
      ),
    'sign-in, unknown email': (i) =>
      json(
        server.base,
        'POST',
        '/user/signin',
        { email: `nobody${i}@example.ng`, password: `wrong-${i}-x9` },
        null,
        from(),
      ),
    'forgot-password, known email': (i) =>
      json(server.base, 'PATCH', '/user/forgot-password', { email: emailOf(i) }, null, from()),
    'forgot-password, unknown email': (i) =>
      json(server.base, 'PATCH', '/user/forgot-password', { email: `nobody${i}@example.ng` }, null, from()),
    // A taken email answers 409 and a new one 201 (decision 0020 says why the answers differ);
    // both hash the password first, so the time should not add to what the answer says.
    'sign-up, taken email': (i) =>
      json(server.base, 'POST', '/user/signup', signUp(emailOf(i)), null, from()),
    'sign-up, new email': (i) =>
      json(server.base, 'POST', '/user/signup', signUp(`newcomer${i}@example.ng`), null, from()),
  };
  const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, fn] of Object.entries(cases)) {
      const r = await measure(() => fn(i));
      if ([200, 201, 401, 409].includes(r.status)) results[name].push(r.ms);
    }
  }
  console.log(`rounds: ${ROUNDS} (answers other than 200/201/401/409, e.g. rate-limited, are left out)`);
  for (const [name, samples] of Object.entries(results)) {
    const s = [...samples].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(40)} n=${String(s.length).padStart(3)}  p50 ${percentile(s, 50).toFixed(1)} ms  p90 ${percentile(s, 90).toFixed(1)} ms`,
    );
  }
} finally {
  await server.stop();
}
