/*
 * Marktverzeichnis: a municipality's markets on its own website (issue 23, docs/api.md).
 *
 *   <script src="https://PORTAL/einbetten.js" data-gkz="62219" data-lang="de" async></script>
 *
 * data-gkz     the municipality's code (Gemeindekennziffer), required
 * data-lang    de (default), en or fr
 * data-typ     optional: only these market types, comma-separated (e.g. "bauernmarkt,kirtag")
 * data-anzahl  optional: at most this many markets (1-100)
 * data-title   optional: the frame's title for screen readers
 *
 * Puts a frame with the list where the script stands and sizes it to the list's height, which the
 * list posts (only messages from the portal's own frame, of the shape
 * {type: 'marktverzeichnis:height', height: number}, are heeded). Nothing is stored, nothing else
 * is loaded. Served with a short max-age and an ETag: a new version arrives within an hour.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var portal = new URL(script.src).origin;
  var data = function (name) {
    return (script.getAttribute('data-' + name) || '').trim();
  };
  var lang = data('lang');
  if (lang !== 'en' && lang !== 'fr') lang = 'de';
  var titles = {
    de: 'Märkte und ihre nächsten Termine',
    en: 'Markets and their next dates',
    fr: 'Marchés et leurs prochaines dates',
  };
  var list = new URL((lang === 'de' ? '' : '/' + lang) + '/einbetten/' + encodeURIComponent(data('gkz')), portal);
  if (data('typ')) list.searchParams.set('typ', data('typ'));
  if (data('anzahl')) list.searchParams.set('anzahl', data('anzahl'));

  var frame = document.createElement('iframe');
  frame.src = list.href;
  frame.title = data('title') || titles[lang];
  frame.loading = 'lazy';
  frame.style.cssText = 'display:block;width:100%;max-width:100%;height:24em;border:0;';
  script.parentNode.insertBefore(frame, script);

  window.addEventListener('message', function (event) {
    if (event.origin !== portal || event.source !== frame.contentWindow) return;
    var message = event.data;
    if (!message || typeof message !== 'object' || message.type !== 'marktverzeichnis:height') return;
    var height = message.height;
    if (typeof height !== 'number' || !isFinite(height) || height <= 0) return;
    // A bound, so that a runaway page cannot make the host page endless.
    frame.style.height = Math.min(Math.ceil(height), 20000) + 'px';
  });
})();
