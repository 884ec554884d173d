/** The browser tab's title for a page (React 19 hoists `<title>` into the head). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · Tullab`}</title>;
}
