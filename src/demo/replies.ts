// What the demo node sends: a status, a content type and a body, in the shapes real providers and their
// proxies use. Pure data; the HTTP server in `demoNode.ts` writes them out.
import { STATUS_CODES } from 'node:http';

export interface Reply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  /** Called once the answer was sent in full (advances `openOrders` epochs). */
  delivered?: () => void;
}

export const JSON_TYPE = 'application/json';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
const HTML_TYPE = 'text/html';

/** The info API's answer to a body it cannot read (HTTP 422, text/plain). */
export const INFO_UNPROCESSABLE_BODY = 'Failed to deserialize the JSON body into the target type';

export function text(status: number, body: string, headers?: Record<string, string>): Reply {
  return { status, contentType: TEXT_TYPE, body, headers };
}

export function json(body: string, delivered?: () => void): Reply {
  return { status: 200, contentType: JSON_TYPE, body, delivered };
}

export function nginxPage(status: number): Reply {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return {
    status,
    contentType: HTML_TYPE,
    body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}

/** What a provider or its proxy sends for a status when a test does not say. */
export function defaultStatusReply(status: number, endpoint: 'evm' | 'info'): Reply {
  switch (status) {
    case 401:
    case 403:
      return { status, contentType: JSON_TYPE, body: JSON.stringify({ error: { code: status, message: status === 401 ? 'Unauthorized' : 'Forbidden' } }) };
    case 413:
    case 502:
    case 503:
    case 504:
      return nginxPage(status);
    case 422:
      return text(422, INFO_UNPROCESSABLE_BODY);
    case 429:
      return {
        status,
        contentType: JSON_TYPE,
        body: '{"error":{"code":429,"message":"The requests per second (RPS) of your requests are higher than your plan allows."}}',
      };
    case 500:
      return endpoint === 'info' ? { status, contentType: JSON_TYPE, body: 'null' } : text(500, 'Internal Server Error');
    default:
      return text(status, STATUS_CODES[status] ?? 'Error');
  }
}
