import { describe, expect, it } from 'vitest';
import { localeCookie, rootLocaleRedirect } from './locale-redirect.ts';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers });

describe('rootLocaleRedirect', () => {
  it('follows a language chosen in the switcher first, for the server to remember it', () => {
    const english = { cookie: 'i18n_redirected=en', 'accept-language': 'en' };
    expect(rootLocaleRedirect(request('/?lang=de', english))).toEqual({ location: '/', chosen: 'de' });
    expect(rootLocaleRedirect(request('/?lang=fr', english))).toEqual({ location: '/fr/', chosen: 'fr' });
    expect(rootLocaleRedirect(request('/?lang=xx', english))).toEqual({ location: '/en/?lang=xx' });
  });

  it('follows the stored language cookie first', () => {
    expect(rootLocaleRedirect(request('/', { cookie: 'i18n_redirected=fr', 'accept-language': 'en' }))?.location).toBe(
      '/fr/',
    );
    expect(rootLocaleRedirect(request('/', { cookie: 'i18n_redirected=de', 'accept-language': 'en' }))).toBeNull();
  });

  it('else the browser languages, by weight', () => {
    expect(rootLocaleRedirect(request('/', { 'accept-language': 'it, en;q=0.8, fr;q=0.9' }))?.location).toBe('/fr/');
    expect(rootLocaleRedirect(request('/?x=1', { 'accept-language': 'en-GB' }))?.location).toBe('/en/?x=1');
    expect(rootLocaleRedirect(request('/', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' }))).toBeNull();
  });

  it('ignores an unknown cookie value and falls back to German', () => {
    expect(rootLocaleRedirect(request('/', { cookie: 'i18n_redirected=xx', 'accept-language': 'en' }))?.location).toBe(
      '/en/',
    );
    expect(rootLocaleRedirect(request('/', { 'accept-language': 'it' }))).toBeNull();
  });

  it('never throws on request lines that are no valid URL', () => {
    for (const url of ['http://x:99999/', '//[', 'http://%zz/', '/?%zz']) {
      expect(() => rootLocaleRedirect(request(url, { 'accept-language': 'en' }))).not.toThrow();
    }
  });

  it('applies only at the root path and only to reads', () => {
    expect(rootLocaleRedirect(request('/info', { 'accept-language': 'en' }))).toBeNull();
    expect(rootLocaleRedirect(request('/en/', { cookie: 'i18n_redirected=fr' }))).toBeNull();
    expect(rootLocaleRedirect(request('/', { 'accept-language': 'en' }, 'POST'))).toBeNull();
  });
});

describe('localeCookie', () => {
  it('is Secure over https only (issue 49), for the whole site and a year', () => {
    expect(localeCookie('en', true)).toBe('i18n_redirected=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(localeCookie('fr', false)).toBe('i18n_redirected=fr; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
