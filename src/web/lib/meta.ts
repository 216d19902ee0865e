import type { MetaDescriptor } from 'react-router';
import type { SiteContent } from '../../domain/site-content.ts';
import { siteUrl } from './runtime-config.ts';

export type PageMeta = {
  title: string;
  description: string;
  path: string;
  keywords?: string;
  /** Social image path (1200×630); by default the site content's (the owner's choice), else the build's. */
  image?: string;
  /** The route's matches (its `meta` arguments): the root's loader data is the site content. */
  matches?: readonly { id: string; loaderData?: unknown }[];
  noindex?: boolean;
};

/** The owner's social-share image from the site content in the root route's loader data, if any. */
export function socialImageOf(matches: PageMeta['matches']): string | undefined {
  const content = matches?.find((match) => match.id === 'root')?.loaderData as
    | Partial<SiteContent>
    | undefined;
  return content?.photos?.socialImage;
}

export const DEFAULT_SOCIAL_IMAGE = '/social/the-tower-1200x630.jpg';

/** A route's path without a trailing slash ('/golf-stays-aberdeen/' → '/golf-stays-aberdeen'); '/' stays '/'. */
export const normalisePath = (path: string) => path.replace(/\/+$/, '') || '/';

/** Title, description, canonical link and social tags of one page. */
export function pageMeta({
  title,
  description,
  path,
  keywords,
  image,
  matches,
  noindex,
}: PageMeta): MetaDescriptor[] {
  const url = `${siteUrl()}${normalisePath(path)}`;
  const imageUrl = `${siteUrl()}${image ?? socialImageOf(matches) ?? DEFAULT_SOCIAL_IMAGE}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'The Tower' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ];
  if (keywords) tags.push({ name: 'keywords', content: keywords });
  if (noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  return tags;
}

/** `meta` of a route whose text is looked up by its path (the landing and activity pages). */
export const metaByPath =
  (pageOf: (pathname: string) => Pick<PageMeta, 'title' | 'description' | 'keywords'>) =>
  ({
    location,
    matches,
  }: {
    location: { pathname: string };
    matches?: PageMeta['matches'];
  }): MetaDescriptor[] => {
    const page = pageOf(location.pathname);
    return pageMeta({
      matches,
      title: page.title,
      description: page.description,
      keywords: page.keywords,
      path: normalisePath(location.pathname),
    });
  };
