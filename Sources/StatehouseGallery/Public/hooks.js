// The demo's browser-side hooks (`.clientHook`), loaded after the client by `.script("hooks.js")`.

// /notes: copies the view's value (the draft) to the clipboard, which only the browser can
// reach, and tells the view how many characters it copied, or why it could not.
Statehouse.hooks.Clipboard = {
  mounted() {
    this.el.addEventListener('click', async () => {
      const text = String(this.value ?? '');
      try {
        await navigator.clipboard.writeText(text);
        this.send({ characters: [...text].length });
      } catch (err) {
        this.send({ failure: String(err?.message ?? err) });
      }
    });
  },
};
