import { tillDb } from '../../../lib/till-db';

// The device and its numbers (decisions 0036 and 0047).

const DEVICE_KEY = 'this-device';
const DEVICE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type DeviceRow = { id: string; next: number };

const newDevice = (): DeviceRow => ({
  id: Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => DEVICE_ALPHABET[b % 32]).join(''),
  next: 1,
});

/**
 * This device's id, made now if it has none. The till sends it when it refreshes its catalogue,
 * so the server keeps the device's numbers for this browser before the till numbers any sale
 * (decision 0047).
 */
export async function tillDeviceId(): Promise<string> {
  const db = await tillDb();
  const tx = db.transaction('device', 'readwrite');
  let device = await tx.store.get(DEVICE_KEY);
  if (!device) {
    device = newDevice();
    await tx.store.put(device, DEVICE_KEY);
  }
  await tx.done;
  return device.id;
}

/**
 * The next offline number of this device: `OFF-<device id>-<n>`. The device id is made once at
 * random (6 of 32 characters: a billion ids) and kept; `n` counts up in the same transaction, so
 * two tabs never take the same number.
 */
export async function nextOfflineNumber(): Promise<string> {
  const db = await tillDb();
  const tx = db.transaction('device', 'readwrite');
  const device = (await tx.store.get(DEVICE_KEY)) ?? newDevice();
  const number = `OFF-${device.id}-${device.next}`;
  await tx.store.put({ id: device.id, next: device.next + 1 }, DEVICE_KEY);
  await tx.done;
  return number;
}
