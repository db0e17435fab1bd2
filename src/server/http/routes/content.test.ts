import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { ContentService } from '../../services/content.ts';
import { appCalls } from './content.ts';

/** A content service whose answers are asked for and never come (which calls are taken is all that is looked at). */
const waiting = { lookup: () => new Promise(() => {}) } as unknown as ContentService;

/** A request as Node hands it on; `host: null` comes without a Host header. */
const request = (
  url: string,
  { method = 'GET', host = 'portal.test' }: { method?: string; host?: string | null } = {},
) => ({ method, url, headers: host === null ? {} : { host } }) as IncomingMessage;

describe("an app's call answered before the API's framework (issue 18, decision record 0039)", () => {
  it('is a GET of the two content calls with at most `since`; any other call is left to the API', () => {
    const takes = (url: string, options?: Parameters<typeof request>[1]) =>
      appCalls(waiting, () => {})(request(url, options), {} as ServerResponse, () => {});
    for (const url of [
      '/api/get_content/1',
      '/api/get_content_stops/1',
      '/api/get_content/1?',
      '/api/get_content/1?since=',
      '/api/get_content/1?since=%22d-12%22',
      '/api/get_content_stops/1?since=W/%2212%22',
    ])
      expect(takes(url), url).toBe(true);
    for (const url of [
      '/api/get_content/2',
      '/api/get_content/1/',
      '/api/get_content/%31',
      '/api/get_content/1?include_hidden_records=1',
      '/api/get_content/1?since=a&since=b',
      '/api/get_content/1?lang=de',
      '/api/get_content/1?since=a#b',
      '/api/get_content/1?since=%E0%A4%A',
      'http://portal.test/api/get_content/1',
      '/api/health',
    ])
      expect(takes(url), url).toBe(false);
    expect(takes('/api/get_content/1', { method: 'HEAD' })).toBe(false);
    expect(takes('/api/get_content/1', { method: 'POST' })).toBe(false);
    expect(takes('/api/get_content/1', { host: null })).toBe(false);
    expect(takes('/api/get_content/1', { host: 'a@b' })).toBe(false);
    expect(takes('/api/get_content/1', { host: '[::1]:4321' })).toBe(true);
  });

  it('hands a call whose answer failed to the API, and ends one that failed while it was sent', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failing = { lookup: () => Promise.reject(new Error('database away')) } as unknown as ContentService;
      const fallback = vi.fn();
      expect(appCalls(failing, () => {})(request('/api/get_content/1'), {} as ServerResponse, fallback)).toBe(true);
      await vi.waitFor(() => expect(fallback).toHaveBeenCalledOnce());

      const answering = {
        lookup: () => Promise.resolve({ etag: '"d-1"', own: false, answer: () => Promise.resolve(null) }),
      } as unknown as ContentService;
      const destroy = vi.fn();
      const broken = {
        headersSent: true,
        writeHead: () => {
          throw new Error('socket gone');
        },
        destroy,
      } as unknown as ServerResponse;
      const notCalled = vi.fn();
      const call = request('/api/get_content/1');
      call.headers['if-none-match'] = '"d-1"'; // a 304: nothing but writeHead is asked of the response
      expect(appCalls(answering, () => {})(call, broken, notCalled)).toBe(true);
      await vi.waitFor(() => expect(destroy).toHaveBeenCalledOnce());
      expect(notCalled).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
    }
  });
});
