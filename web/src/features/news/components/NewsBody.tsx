/**
 * A news body as HTML. The server renders it from Markdown with raw HTML disabled and sanitises
 * the result (headings, lists, links, emphasis only); it is never built from user input here.
 */
export function NewsBody({ html }: { html: string }) {
  return <div className="news-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
