// @ts-check
// The colour theme: light, dark, or the system's. Plain JavaScript so that the build (which writes
// THEME_BOOT_SCRIPT into every page's <head>), the API (which allows exactly that script by its hash
// in the Content-Security-Policy) and the browser code read the same text.

/** The browser's stored choice (localStorage): one of THEME_CHOICES; absent means 'system'. */
export const THEME_STORAGE_KEY = 'console-theme';

/** The choices offered in the layout, in their order. */
export const THEME_CHOICES = /** @type {const} */ (['light', 'dark', 'system']);

/**
 * Runs in the page's <head> before anything is painted: puts `dark` or `light` on <html> (Chakra's
 * colour-mode conditions, `.dark &` / `.light &`) from the stored choice or, for 'system', from
 * prefers-color-scheme, and follows a change of the system's setting while the page is open. Inline
 * and synchronous on purpose: a script file or the app's bundle would run after the first paint and
 * the page would flash in the wrong colours. A storage that throws (privacy mode) falls back to the
 * system's setting. Written as the production build's minifier writes it (so the page carries exactly
 * this text, which the API allows by its hash; the build fails if the page's copy differs), and free
 * of `</`.
 */
export const THEME_BOOT_SCRIPT = `!function(){var e=document.documentElement,t=matchMedia("(prefers-color-scheme: dark)");function a(){var a;try{a=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}var c="dark"===a||"light"!==a&&t.matches;e.classList.toggle("dark",c),e.classList.toggle("light",!c)}a(),t.addEventListener("change",a)}();`;
