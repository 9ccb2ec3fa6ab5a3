/**
 * `ArrayBuffer.prototype.detached` (ES2024), which Node 20 lacks. React's web-streams server renderer
 * (entry-server.tsx) reads it, once, when it loads: with it, an empty chunk (an attribute written
 * empty, as `alt=""`) is told from a buffer given away to another thread; without it, React's
 * development build warns on every process's first empty chunk. A buffer is detached when it has no
 * bytes and cannot be copied; a buffer of no bytes that was never given away copies.
 */
export function installArrayBufferDetached(): void {
  if (Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')) return;
  Object.defineProperty(ArrayBuffer.prototype, 'detached', {
    configurable: true,
    get(this: ArrayBuffer): boolean {
      if (this.byteLength !== 0) return false;
      try {
        this.slice(0);
        return false;
      } catch {
        return true;
      }
    },
  });
}
