/**
 * Reads a refused request's body to its end and drops it, up to `atMost` bytes; answers whether it
 * was read whole (issue 18). A reverse proxy sends the whole body it buffered: when the portal
 * answers and closes before reading it, nginx fails the request with 502 instead of passing the
 * 413 on, and counts the process as down. A body declared or found larger than `atMost` is left
 * unread (the caller closes the connection), so nobody can keep a process reading for long.
 */
export async function discardBody(request: Request, atMost: number): Promise<boolean> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > atMost || !request.body || request.bodyUsed || request.body.locked) return false;
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > atMost) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    return false; // the client went away
  } finally {
    reader.releaseLock();
  }
}
