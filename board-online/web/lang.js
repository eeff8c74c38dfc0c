// Runs first, before the page is drawn: <html lang> is the language the
// page will speak (?lang=, else the one chosen on this device before, else
// the browser's first of English and French), so that screen readers and
// translators read the first words right. messages.js chooses the same way
// (chooseLang) once the catalogues load.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('board-games-lang');
  } catch {
    // Storage off: the browser's languages.
  }
  const wanted = [new URLSearchParams(location.search).get('lang'), stored, ...(navigator.languages ?? [navigator.language])];
  for (const tag of wanted) {
    const primary = String(tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'en' || primary === 'fr') {
      document.documentElement.lang = primary;
      return;
    }
  }
})();
