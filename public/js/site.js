// The public pages' only script: plain, no framework, no third party (issue 5).
// Nothing is written to the device until the visitor chooses something here.
(function () {
  'use strict';
  var KEYWORD = 'marktverzeichnis';
  var FONT_KEY = KEYWORD + '.fontSize';
  var CONSENT_KEY = KEYWORD + '.consent';
  var FONT_STEPS = [90, 100, 115, 130, 150, 175];
  var MAX_PRELOADS = 4;
  // Set at login, cleared at logout (src/server/http/routes/accounts.ts): who is logged in, for the header.
  // Over https it is __Host- prefixed, as the session cookie (account-hint.ts): one of the plain name
  // there could have been planted by a sibling subdomain or an http page.
  var HTTPS = location.protocol === 'https:';
  var ACCOUNT_COOKIE = (HTTPS ? '__Host-' : '') + KEYWORD + '_account';
  var VISITOR_KEY = KEYWORD + '.visitorId';
  var NOTICE_KEY = KEYWORD + '.notice';

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  function write(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }

  // Font size first, before the page is painted.
  function applyFontSize(percent) {
    document.documentElement.style.fontSize = percent === 100 ? '' : percent + '%';
  }
  // Classes set before the first paint show the controls and a pending notice in place,
  // so nothing moves once the page is there (no layout shift).
  var root = document.documentElement;
  root.classList.add('js');
  if (read(CONSENT_KEY) === null) root.classList.add('consent-pending');
  var account = accountOf(document.cookie);
  if (account) root.classList.add('signed-in');
  // Issue 52: the season's type of market, which the home page offers in its weeks (month-day in
  // Vienna); the page is built once, so the day is read here, before the first paint.
  var SEASONS = [{ type: 'weihnachtsmarkt', from: '11-10', to: '12-24' }];
  var monthDay = viennaMonthDay(new Date());
  SEASONS.forEach(function (season) {
    if (monthDay >= season.from && monthDay <= season.to) root.setAttribute('data-season-now', season.type);
  });

  // The day in Vienna as MM-DD, by the EU's rule: summer time from 01:00 UTC of March's last
  // Sunday to October's. Not Intl's time zones: loading them took Chromium 30-45 ms, a long task
  // before the first paint of every page (Lighthouse's total blocking time).
  function viennaMonthDay(now) {
    var year = now.getUTCFullYear();
    function lastSunday(month) {
      var day = new Date(Date.UTC(year, month + 1, 0, 1));
      day.setUTCDate(day.getUTCDate() - day.getUTCDay());
      return day;
    }
    var summer = now >= lastSunday(2) && now < lastSunday(9);
    var vienna = new Date(now.getTime() + (summer ? 2 : 1) * 3600000);
    var month = vienna.getUTCMonth() + 1;
    var date = vienna.getUTCDate();
    return (month < 10 ? '0' : '') + month + '-' + (date < 10 ? '0' : '') + date;
  }

  function accountOf(cookies) {
    var found = cookies.split('; ').filter(function (pair) {
      return pair.indexOf(ACCOUNT_COOKIE + '=') === 0;
    })[0];
    if (!found) return '';
    try {
      return decodeURIComponent(found.slice(ACCOUNT_COOKIE.length + 1));
    } catch {
      return '';
    }
  }

  var fontSize = Number(read(FONT_KEY)) || 100;
  if (FONT_STEPS.indexOf(fontSize) < 0) fontSize = 100;
  applyFontSize(fontSize);

  function loadAnalytics() {
    // Only public pages are counted (the layout marks them): editing and error pages never.
    if (!root.hasAttribute('data-analytics') || document.getElementById('analytics')) return;
    var script = document.createElement('script');
    script.id = 'analytics';
    script.src = '/js/analytics.js';
    script.defer = true;
    document.head.appendChild(script);
  }
  if (read(CONSENT_KEY) === 'granted') loadAnalytics();

  function setUp() {
    var control = document.querySelector('.font-size');
    if (control) {
      control.hidden = false;
      control.addEventListener('click', function (event) {
        var button = event.target.closest('[data-font-size]');
        if (!button) return;
        var index = FONT_STEPS.indexOf(fontSize);
        var action = button.getAttribute('data-font-size');
        if (action === 'smaller') fontSize = FONT_STEPS[Math.max(0, index - 1)];
        else if (action === 'larger') fontSize = FONT_STEPS[Math.min(FONT_STEPS.length - 1, index + 1)];
        else fontSize = 100;
        applyFontSize(fontSize);
        write(FONT_KEY, String(fontSize));
      });
    }

    var notice = document.getElementById('consent');
    var settings = document.querySelector('[data-consent-settings]');
    var reopened = false;
    if (notice) {
      if (read(CONSENT_KEY) === null) notice.hidden = false;
      // The bar sits at the bottom of the window: the page keeps room for it below its end, and
      // scrolls a focused control above it, however tall the chosen font size makes it (issue 52).
      if (window.ResizeObserver)
        new ResizeObserver(function () {
          root.style.setProperty('--consent-height', notice.offsetHeight + 'px');
        }).observe(notice);
      notice.addEventListener('click', function (event) {
        var button = event.target.closest('[data-consent]');
        if (!button) return;
        var choice = button.getAttribute('data-consent');
        write(CONSENT_KEY, choice);
        notice.hidden = true;
        root.classList.remove('consent-pending');
        // Focus goes on where the page continues, not back to the top of the document.
        if (reopened) settings.focus();
        else document.getElementById('main').focus({ preventScroll: true });
        reopened = false;
        if (choice === 'granted') loadAnalytics();
        // Refusing later stops counting from the next page on (the script is not loaded again).
      });
      if (settings) {
        settings.hidden = false;
        settings.addEventListener('click', function () {
          reopened = true;
          notice.hidden = false;
          root.classList.add('consent-pending');
          notice.querySelector('button').focus();
        });
      }
    }

    // The language the visitor picks is kept for the home page (seed section 4: cookie i18n_redirected).
    document.addEventListener('click', function (event) {
      var link = event.target.closest && event.target.closest('.language-switcher a[hreflang]');
      if (!link) return;
      document.cookie =
        'i18n_redirected=' +
        link.getAttribute('hreflang') +
        '; path=/; max-age=31536000; samesite=lax' +
        (HTTPS ? '; secure' : '');
    });

    // The search's days (issue 52): typed days win over "Wann" when the form sends both, so the one
    // chosen last clears the other, and a visitor who changes "Wann" after a search by dates gets it.
    document.addEventListener('change', function (event) {
      var field = event.target;
      var form = field.form;
      if (!form || !form.elements.wann || !form.elements.von) return;
      if (field.name === 'wann' && field.value) form.elements.von.value = form.elements.bis.value = '';
      if ((field.name === 'von' || field.name === 'bis') && field.value) form.elements.wann.value = '';
    });

    setUpAccount();
    setUpPreloads();
  }

  // The header's "Abmelden" on every page, public ones included (issue 19): the same logout as the
  // editing area's (stores/account.ts), which forgets the visitor, then the login page says so.
  // There are two, the utility row's and the phone menu's (components/site-header.astro); CSS shows one.
  function setUpAccount() {
    if (!account) return;
    document.querySelectorAll('[data-account]').forEach(function (status) {
      status.querySelector('[data-account-email]').textContent = account;
      setUpLogout(status.querySelector('[data-logout]'));
    });
  }
  function setUpLogout(button) {
    button.addEventListener('click', function () {
      button.disabled = true;
      var config = JSON.parse(document.getElementById('app-config').textContent);
      fetch(config.apiBase + '/logout', {
        method: 'POST',
        credentials: 'same-origin',
        body: new URLSearchParams({ lang: root.lang }),
      })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          try {
            localStorage.removeItem(VISITOR_KEY);
            localStorage.removeItem(VISITOR_KEY + '.adopted');
            sessionStorage.setItem(NOTICE_KEY, button.getAttribute('data-logged-out'));
          } catch {
            /* private mode: nothing was kept */
          }
          location.assign(button.getAttribute('data-logout'));
        })
        .catch(function () {
          button.disabled = false;
        });
    });
  }

  // Pages the pointer or focus rests on are fetched ahead, at most four at a time, never on a
  // slow or data-saving connection (seed section 9).
  function setUpPreloads() {
    var connection = navigator.connection;
    if (connection && (connection.saveData || /(^|-)2g$/.test(connection.effectiveType || ''))) return;
    var done = {};
    var queue = [];
    var running = 0;
    done[location.pathname] = true;
    function next() {
      while (running < MAX_PRELOADS && queue.length > 0) {
        var link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = queue.shift();
        running += 1;
        link.onload = link.onerror = function () {
          running -= 1;
          next();
        };
        document.head.appendChild(link);
      }
    }
    function consider(event) {
      var anchor = event.target.closest && event.target.closest('a[href]');
      if (!anchor || anchor.origin !== location.origin || anchor.hasAttribute('download')) return;
      var path = anchor.pathname;
      if (done[path] || /^\/api\//.test(path)) return;
      done[path] = true;
      queue.push(path);
      next();
    }
    document.addEventListener('pointerover', consider);
    document.addEventListener('focusin', consider);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setUp);
  else setUp();
})();
