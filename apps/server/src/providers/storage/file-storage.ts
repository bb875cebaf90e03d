/** Where uploaded files live. The local folder is the default; a shared backend suits many processes. */
export interface FileStorage {
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<{ data: Buffer; contentType: string } | null>;
  remove(name: string): Promise<void>;
}
