/* kozel: Russian search, appended by docs/hooks.py to the theme's lunr.ru.min.js (which the
 * search worker loads for `lang: ru`), so it runs in the worker right after lunr.ru is defined.
 *
 * - ё and е are one letter to a reader who searches: both are folded to е before stemming, in
 *   the index and in the query.
 * - The theme appends `*` to every query word, and lunr skips the search pipeline (the stemmer)
 *   for a word with a wildcard; the index holds stems («рыба» → рыб), so «рыба*» would miss it.
 *   A Cyrillic query word is therefore stemmed here, as the index's words were, before its `*`.
 */
;(function (lunr) {  // the ";" ends the theme's last statement
  if (!lunr || !lunr.ru || lunr.ru.kozelFolded) return;
  var stem = lunr.ru.stemmer;
  var fold = function (word) { return word.replace(/ё/g, "е").replace(/Ё/g, "Е"); };
  var folded = function (token) {
    if (typeof token.update === "function") {
      token.update(fold);
      return stem(token);
    }
    return stem(fold(String(token)));
  };
  lunr.Pipeline.registerFunction(folded, "stemmer-ru-yo");
  lunr.ru.stemmer = folded;
  lunr.ru.kozelFolded = true;
  var clause = lunr.Query.prototype.clause;
  lunr.Query.prototype.clause = function (spec) {
    var word = typeof spec.term === "string" && /^([а-яё]+)(\*?)$/i.exec(spec.term);
    if (word) spec.term = stem(fold(word[1].toLowerCase())) + word[2];
    return clause.call(this, spec);
  };
})(self.lunr);
