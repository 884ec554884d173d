import { z } from 'zod';

/** Who may call a route, as the authorisation matrix (S30) checks it; `merchant` for its own brand only (decision 016). */
export type Access = 'anyone' | 'signedIn' | 'student' | 'activeStudent' | 'staff' | 'admin' | 'merchant';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One route of the public API, as a browser calls it through the gateway. */
export interface ApiRoute {
  method: Method;
  /** the path under `/api`, as the service's router declares it (`/offers/:id`) */
  path: string;
  summary: string;
  access: Access;
  description?: string;
  /** a JSON body, or a multipart form (`upload`) */
  body?: z.ZodType;
  upload?: boolean;
  query?: z.ZodObject;
  /** the success status (200 unless said) and its answer; no `answer` means no body (204) or a file */
  status?: number;
  answer?: z.ZodType;
  /** what a success without a JSON answer carries, e.g. an image */
  file?: string;
  /** a list in the admin console's dialect: `sort`, `range` and `filter` query parameters, `Content-Range` */
  list?: boolean;
  /** refusals beyond the ones the access, the input and an `:id` imply */
  refusals?: number[];
}

export interface RouteGroup {
  tag: string;
  description: string;
  routes: ApiRoute[];
}

/** The query of a list in the ra-data-simple-rest dialect (`parseListQuery` of @tullab/http). */
export const listQuery = z.object({
  sort: z
    .string()
    .optional()
    .meta({ description: 'JSON `["field","ASC"|"DESC"]`', example: '["createdAt","DESC"]' }),
  range: z.string().optional().meta({ description: 'JSON `[first,last]`, both included', example: '[0,24]' }),
  filter: z.string().optional().meta({ description: 'JSON object of field → value', example: '{}' }),
});

/** A file part of a multipart form. */
export const fileField = (description: string) =>
  z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description });
