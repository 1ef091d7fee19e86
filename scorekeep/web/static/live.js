// Live updates for the sheet and the entry page (the pages work without this script: plain
// forms and redirects). One server-sent event stream: `sheet` carries the sheet's HTML, escaped
// by the server; `q` the version of the question asked now, to tell a scorer whose page is
// out of date. Nothing is reloaded by itself: a half-typed answer is never lost.
(function () {
  "use strict";
  if (!window.EventSource) { return; }
  var sheet = document.getElementById("sheet");
  var live = document.getElementById("live");
  var form = document.querySelector("form.entry");
  var version = form ? form.getAttribute("data-version") : null;
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  function mark(text, on) {
    if (live) { live.textContent = text; live.className = on ? "live on" : "live off"; }
  }
  var es = new EventSource("/events");
  es.addEventListener("open", function () { mark("live", true); });
  es.addEventListener("error", function () {
    if (es.readyState !== EventSource.CLOSED) { mark("reconnecting", false); return; }
    // refused, not lost: a server started again has new keys and does not know this phone
    mark("stopped", false);
    fetch(location.pathname, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      var gone = document.getElementById(r.status === 403 ? "restarted" : "lost");
      if (gone) { gone.hidden = false; }
    }, function () {
      var lost = document.getElementById("lost");
      if (lost) { lost.hidden = false; }
    });
  });
  es.addEventListener("sheet", function (e) {
    if (sheet) { sheet.innerHTML = e.data; }
    document.body.setAttribute("data-sheet-updates", String(Number(document.body.getAttribute("data-sheet-updates") || 0) + 1));
  });
  es.addEventListener("q", function (e) {
    if (version !== null && e.data !== version && !leaving) {
      var moved = document.getElementById("moved");
      if (moved) { moved.hidden = false; }
    }
  });
  window.addEventListener("pagehide", function () { es.close(); });
})();
// A list answered by tapping names in order (a finishing order): each tap adds the name to the
// answer's field. Without this script the names are typed. The OK button says what it sends:
// what the box holds, or with the box empty the default (the server's label, data-empty).
(function () {
  "use strict";
  var field = document.querySelector("form.entry input[name=answer]");
  if (!field) { return; }
  var ok = document.querySelector("form.entry button.ok");
  function follow() {
    var typed = field.value.trim();
    if (ok) { ok.textContent = typed ? "OK: " + typed : ok.getAttribute("data-empty"); }
  }
  field.addEventListener("input", follow);
  document.querySelectorAll("button[data-add]").forEach(function (b) {
    b.addEventListener("click", function () {
      var name = b.getAttribute("data-add");
      field.value = field.value.trim() ? field.value.replace(/[,\s]+$/, "") + ", " + name : name;
      b.disabled = true;
      follow();
    });
  });
  document.querySelectorAll("button[data-clear]").forEach(function (b) {
    b.addEventListener("click", function () {
      field.value = "";
      document.querySelectorAll("button[data-add]").forEach(function (x) { x.disabled = false; });
      follow();
    });
  });
})();
