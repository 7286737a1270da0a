/**
 * The addresses of a help video, built from its bare YouTube code (the api accepts only
 * [A-Za-z0-9_-]): the thumbnail, and the privacy-enhanced player that sets no cookie until
 * played.
 */
export const youtubeThumbnail = (code: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(code)}/hqdefault.jpg`;

export const youtubeEmbed = (code: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}?autoplay=1&rel=0`;
