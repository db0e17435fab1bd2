// Loaded only after consent (site.js). Counts this page view on the portal's own server:
// the path and the language, nothing else — no cookie, no identifier, no query string.
(function () {
  'use strict';
  var config = {};
  try {
    config = JSON.parse(document.getElementById('app-config').textContent || '{}');
  } catch {
    /* no configuration: the default API address */
  }
  var body = JSON.stringify({ path: location.pathname, language: document.documentElement.lang });
  fetch((config.apiBase || '/api') + '/page_view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body,
    keepalive: true,
    credentials: 'omit',
  }).catch(function () {
    /* counting is best effort */
  });
})();
