/* Printing a rulebook (a reader's print, or the build's PDF): the games behind the findings are
 * folded away on screen, but on paper nobody can unfold them, so they are opened for the print
 * and folded again after it. */
(function () {
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(
      document.querySelectorAll("details.kz-scene-box"), function (box) { return !box.open; });
    opened.forEach(function (box) { box.open = true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (box) { box.open = false; });
    opened = [];
  });
})();
