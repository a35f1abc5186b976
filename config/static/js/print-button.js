// The print sheet's "Print" button, wired here: the Content-Security-Policy allows no inline
// event handler.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
