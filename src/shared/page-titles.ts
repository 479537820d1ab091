// Page titles the server puts in the HTML and the app keeps in the tab, worded once.

/** The games page's title: its search and categories, e.g. `“detective” in puzzle games`. */
export function catalogueTitle(q: string | undefined, categories: readonly string[]): string {
  const shown = categories.join(', ');
  if (q) return `“${q}” in ${shown ? `${shown} ` : ''}games`;
  return shown ? `${shown} games` : 'Games';
}
