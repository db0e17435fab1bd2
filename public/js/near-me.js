/*
 * "In meiner Nähe" (issue 52): asks the browser for its position only on a click, finds the nearest
 * municipality here, from the portal's own file of centres, and sends the search only that
 * municipality's code. Without JavaScript, or without a position, the button stays hidden or says
 * what to do instead.
 */
(function () {
  'use strict';
  var CENTRES = '/gemeinden-mittelpunkte.json';
  if (!navigator.geolocation || !window.fetch) {
    // site.js's class showed it before the first paint; a browser without positions cannot use it.
    document.querySelectorAll('[data-near-me]').forEach(function (button) {
      button.remove();
    });
    return;
  }
  var centres = null;

  function nearest(latitude, longitude) {
    var best = null;
    var bestDistance = Infinity;
    var scale = Math.cos((latitude * Math.PI) / 180);
    for (var i = 0; i < centres.length; i += 1) {
      var dx = (centres[i][1] - longitude) * scale;
      var dy = centres[i][2] - latitude;
      var distance = dx * dx + dy * dy;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = centres[i][0];
      }
    }
    return best;
  }

  function say(button, text) {
    var status = document.getElementById(button.getAttribute('aria-describedby'));
    if (status) status.textContent = text;
  }

  document.querySelectorAll('[data-near-me]').forEach(function (button) {
    button.hidden = false;
    var asking = false;
    button.addEventListener('click', function () {
      // Not disabled while it asks: the keyboard's focus stays on it.
      if (asking) return;
      asking = true;
      var form = button.form;
      button.setAttribute('aria-busy', 'true');
      say(button, button.getAttribute('data-asking'));
      var failed = function () {
        asking = false;
        button.removeAttribute('aria-busy');
        say(button, button.getAttribute('data-failed'));
      };
      navigator.geolocation.getCurrentPosition(
        function (position) {
          (centres
            ? Promise.resolve(centres)
            : fetch(CENTRES).then(function (answer) {
                return answer.json();
              })
          )
            .then(function (loaded) {
              centres = loaded;
              var gkz = nearest(position.coords.latitude, position.coords.longitude);
              if (!gkz) return failed();
              form.elements.namedItem('ort').value = gkz;
              form.submit();
            })
            .catch(failed);
        },
        failed,
        { enableHighAccuracy: false, timeout: 15000, maximumAge: 600000 },
      );
    });
  });
})();
