/**
 * Text that Markdown shows as written: every ASCII punctuation character backslash-escaped (CommonMark
 * allows that for all of them), control characters and line breaks folded into spaces, so nothing from
 * the network can become a link (GFM autolinks included), an image, HTML, a theme icon or a new
 * paragraph. The one escape for untrusted text in hovers and tooltips.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, '\\$&');
}
