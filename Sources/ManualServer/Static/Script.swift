/// `/static/app.js`: what JavaScript adds to pages that work without it. Ratings are sent in place
/// (no page reload), uploads show their progress, and removing a manual asks for confirmation.
enum Script {
    static let js = #"""
    "use strict";
    document.addEventListener("DOMContentLoaded", function () {
      // The form token (FormTokens): every change made in place carries it, as the forms do in their action.
      var tokenMeta = document.querySelector("meta[name=csrf-token]");
      var formToken = tokenMeta ? tokenMeta.content : "";
      document.querySelectorAll("form.rate").forEach(function (form) {
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          var button = event.submitter || form.querySelector("button[value=helpful]");
          var rating = button.value;
          fetch("/api/history/" + form.dataset.query + "/rating", {
            method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": formToken }, credentials: "same-origin",
            body: JSON.stringify({ rating: rating })
          }).then(function (response) {
            var status = form.querySelector(".rated");
            if (response.ok) {
              form.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-pressed", b === button ? "true" : "false"); });
              status.textContent = "Rated " + rating + ".";
              var row = form.parentElement.closest("[data-query]");
              var shown = row && row.querySelector(".rating");
              if (shown) { shown.textContent = rating; }
            } else {
              response.json().then(function (body) { status.textContent = body.error.message; });
            }
          });
        });
      });
      document.querySelectorAll("form.remove").forEach(function (form) {
        form.addEventListener("submit", function (event) {
          if (!window.confirm("Remove this manual from the library?")) { event.preventDefault(); }
        });
      });
      var upload = document.querySelector("form.upload");
      if (upload && window.XMLHttpRequest && window.FormData) {
        upload.addEventListener("submit", function (event) {
          event.preventDefault();
          var progress = document.getElementById("upload-progress");
          var status = document.getElementById("upload-status");
          var request = new XMLHttpRequest();
          request.open("POST", "/api/documents");
          request.setRequestHeader("X-CSRF-Token", formToken);
          progress.hidden = false;
          progress.value = 0;
          status.textContent = "Uploading…";
          request.upload.onprogress = function (e) {
            if (e.lengthComputable) { progress.value = Math.round(100 * e.loaded / e.total); }
            if (e.loaded === e.total) { status.textContent = "Reading the manual…"; }
          };
          request.onload = function () {
            var body = {};
            try { body = JSON.parse(request.responseText); } catch (e) {}
            if (request.status === 200 || request.status === 201) {
              window.location = "/library?notice=" + encodeURIComponent(body.outcome + ": " + (body.title || body.file));
            } else {
              progress.hidden = true;
              status.textContent = body.error ? body.error.message : "Upload failed (" + request.status + ")";
              status.className = "error";
            }
          };
          request.onerror = function () { status.textContent = "Upload failed: the server could not be reached."; status.className = "error"; };
          request.send(new FormData(upload));
        });
      }
    });
    """#
}
