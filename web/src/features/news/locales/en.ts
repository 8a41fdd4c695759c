/** English texts of the news feature (namespace `news`). */
const en = {
  title: 'News',
  intro: 'News from the society and about new courses.',
  loading: 'Loading news…',
  loadError: 'Unable to access data',
  empty: 'No news yet.',
  emptyMore: 'News from the society and about new courses will be published here.',
  published: 'Published on {{date}}',
  readMore: 'Read more',
  readMoreAbout: 'Read more: {{title}}',
  link: 'Related link',
  back: 'Back to all news',
  notFound: 'This news item does not exist or is not published.',
  pages: 'News pages',
  previous: 'Previous page',
  next: 'Next page',
  pageOf: 'Page {{page}} of {{pages}}',
  latest: 'Latest news',
  allNews: 'All news',
  feed: 'News feed (Atom)',
  feedHint: 'Follow the news in a feed reader.',
};
export type NewsTexts = typeof en;
export default en;
