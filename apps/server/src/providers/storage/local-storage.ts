import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.js';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
};

/** Files in a local folder, under generated names only (callers never choose a path). */
export function createLocalStorage(dir: string): FileStorage {
  const resolve = (name: string) => {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.includes('..')) throw new Error(`Bad file name ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(resolve(name), data);
    },
    async get(name) {
      try {
        const data = await readFile(resolve(name));
        return { data, contentType: TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(resolve(name), { force: true });
    },
  };
}
