/** The text a reader gets from rendered markup (tests): tags dropped, spaces collapsed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
