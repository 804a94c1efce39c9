// The one function of node:zlib the Worker uses (workerd's nodejs_compat has
// it); the Worker's types leave out @types/node on purpose.
declare module "node:zlib" {
  export function crc32(data: Uint8Array | string, value?: number): number;
}
