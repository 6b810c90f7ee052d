// The first HTML's static shell (issue 19; written by the node: api/siteshell.go from dist/shell.json,
// which build/appShell.ts makes). React's first commit replaces it; what the shell knew that the client
// learns only later (a live room's title, from the room's card) is read from it before, so the page
// shows the same text in the meantime instead of blanking it.

let captured: { path: string; title: string } | null = null;

/** Reads what the page will need from the shell; call before the first render. */
export function captureShell(doc: Document = document): void {
  const title = doc.querySelector("[data-shell-title]");
  captured = title ? { path: doc.location?.pathname ?? "", title: title.textContent ?? "" } : null;
}

/** The title the shell showed on path (a live room's, as the server named it), if any. */
export function shellTitle(path: string): string | undefined {
  const t = captured?.path === path ? captured.title.trim() : "";
  return t || undefined;
}
