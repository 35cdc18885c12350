// Copying a text field's value for the person: the Clipboard API where the page may use it
// (https or localhost), else the older copy command, else the text is left selected.
// copyField(input) -> Promise<boolean>: true when copied; false when the text is selected for
// a manual Ctrl+C (plain http on a LAN, or the browser refused).
export async function copyField(input) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      return true;
    }
    input.select();
    if (document.execCommand('copy')) return true;
  } catch {
    // Refused: fall through to leaving the text selected.
  }
  input.focus();
  input.select();
  return false;
}
