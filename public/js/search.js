// The directory search (issue 5): Pagefind's index, published by the portal (issue 17), read in the browser.
(function () {
  'use strict';
  var form = document.querySelector('.search-form');
  if (!form) return;
  var status = document.querySelector('.search-status');
  var list = document.querySelector('.search-results');
  var messages = JSON.parse(form.getAttribute('data-messages'));
  var pagefind = null;
  var latest = 0;

  // The index comes in parts (server/directory/search-parts.ts, decision 0023): the first is
  // Pagefind's main instance, the others are merged into it, and a search asks them all.
  function load() {
    if (!pagefind) {
      pagefind = fetch('/pagefind/parts.json')
        .then(function (answer) {
          if (!answer.ok) throw new Error('search index ' + answer.status);
          return answer.json();
        })
        .then(function (index) {
          var parts = index.parts.map(function (part) {
            return '/pagefind/' + part + '/';
          });
          if (parts.length === 0) {
            // Nothing indexed yet (a first start): this search finds nothing, the next asks again.
            pagefind = null;
            return null;
          }
          return import(parts[0] + 'pagefind.js').then(function (module) {
            return module
              .options({ basePath: parts[0] })
              .then(function () {
                return Promise.all(
                  parts.slice(1).map(function (part) {
                    return module.mergeIndex(part);
                  }),
                );
              })
              .then(function () {
                // Loads every part's filters: only then does a search count its results per part.
                return module.filters();
              })
              .then(function () {
                return module;
              });
          });
        });
      // A failed load (the network away for a moment) is tried again at the next search.
      pagefind.catch(function () {
        pagefind = null;
      });
    }
    return pagefind;
  }

  function showResults(results) {
    list.replaceChildren();
    results.forEach(function (result) {
      var item = document.createElement('li');
      var heading = document.createElement('h2');
      var link = document.createElement('a');
      link.href = result.url;
      link.textContent = result.meta.title;
      // Market titles are written in German (see enteredTextLang in src/lib/languages.ts).
      if (document.documentElement.lang !== 'de') link.lang = 'de';
      heading.appendChild(link);
      var place = document.createElement('p');
      place.textContent = result.meta.type + ' · ' + result.meta.place;
      item.append(heading, place);
      // The next date, as the index was made today (server/directory/search-index.ts).
      if (result.meta.next) {
        var next = document.createElement('p');
        next.className = 'search-next-date';
        next.textContent = result.meta.next;
        item.appendChild(next);
      }
      list.appendChild(item);
    });
  }

  // Where no word of the index starts with a search word, Pagefind forgives a typo in it ("Hartbreg"
  // finds Hartberg). Each part decides that alone, so a postcode held by one part would bring the
  // near ones of the others ("8230" also 8231). One index forgives only where no part has the word:
  // a part that forgave a word another part holds is left out (decision 0023). Each part is judged
  // by its first result, mostly among the shown ones; only a part ranked lower is asked alone.
  function searchParts(module, q, filters) {
    return module.search(q || null, { filters: filters }).then(function (found) {
      return shownOf(found).then(function (shown) {
        var counts = (found.filters && found.filters.part) || {};
        var parts = Object.keys(counts).filter(function (part) {
          return counts[part] > 0;
        });
        if (!q || parts.length < 2) return { found: found, shown: shown };
        var words = termsOf(q);
        return Promise.all(
          parts.map(function (part) {
            var first = shown.find(function (result) {
              return result.filters && result.filters.part && result.filters.part[0] === part;
            });
            if (first) return first;
            return module.search(q, { filters: Object.assign({}, filters, { part: part }) }).then(function (one) {
              return one.results.length > 0 ? one.results[0].data() : null;
            });
          }),
        ).then(function (firsts) {
          var holds = firsts.map(function (first) {
            var held = first ? wordsOf(first.content) : [];
            return words.map(function (word) {
              return held.some(function (other) {
                return other.indexOf(word) === 0;
              });
            });
          });
          var forgiving = parts.filter(function (part, index) {
            return words.some(function (word, at) {
              return (
                !holds[index][at] &&
                holds.some(function (other) {
                  return other[at];
                })
              );
            });
          });
          if (forgiving.length === 0) return { found: found, shown: shown };
          return module
            .search(q, { filters: Object.assign({}, filters, { part: { none: forgiving } }) })
            .then(function (again) {
              return shownOf(again).then(function (shownAgain) {
                return { found: again, shown: shownAgain };
              });
            });
        });
      });
    });
  }

  // The first 50 results' data: what the page lists.
  function shownOf(found) {
    return Promise.all(
      found.results.slice(0, 50).map(function (result) {
        return result.data();
      }),
    );
  }

  // Words as Pagefind compares them: lower case, without diacritics. A search word is what stands
  // between spaces, punctuation dropped ("Hartberg-Fürstenfeld" is one); a page's words are that
  // and its hyphenated parts.
  function plain(text) {
    return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  }
  function termsOf(q) {
    return plain(q)
      .split(/\s+/)
      .map(function (word) {
        return word.replace(/[^\p{L}\p{N}]+/gu, '');
      })
      .filter(Boolean);
  }
  function wordsOf(text) {
    return termsOf(text).concat(
      plain(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    );
  }

  function search(fields) {
    var run = ++latest;
    var filters = {};
    if (fields.type) filters.type = fields.type;
    if (fields.state) filters.state = fields.state;
    if (!fields.q && !fields.type && !fields.state) {
      status.textContent = '';
      list.replaceChildren();
      return;
    }
    status.textContent = messages.searching;
    load()
      .then(function (module) {
        return module ? searchParts(module, fields.q, filters) : { found: { results: [] }, shown: [] };
      })
      .then(function (answer) {
        if (run !== latest) return;
        var count = answer.found.results.length;
        status.textContent =
          count === 0 ? messages.none : count === 1 ? messages.one : messages.other.replace('{{count}}', count);
        showResults(answer.shown);
      })
      .catch(function () {
        if (run === latest) status.textContent = messages.failed;
      });
  }

  function fieldsOf(params) {
    return { q: (params.get('q') || '').trim(), type: params.get('type') || '', state: params.get('state') || '' };
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var params = new URLSearchParams(new FormData(form));
    history.pushState(null, '', '?' + params.toString());
    search(fieldsOf(params));
  });

  function fromAddress() {
    var fields = fieldsOf(new URLSearchParams(location.search));
    form.elements.q.value = fields.q;
    form.elements.type.value = fields.type;
    form.elements.state.value = fields.state;
    search(fields);
  }
  window.addEventListener('popstate', fromAddress);
  fromAddress();
})();
