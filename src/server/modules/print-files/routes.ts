import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { AppError } from '../../errors';
import { instanceKeys, PRINT_FILES } from '../../storage-keys';
import { checkPrintFileSignature, printFilePath } from './signing';

const ParamsSchema = z.object({ bookInstanceId: z.uuid(), file: z.enum(PRINT_FILES) });
// Both optional here: a link without them is answered 403 like any other bad link, not 400.
const QuerySchema = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/**
 * The print files, for a print-on-demand service that downloads them (Lulu fetches each PDF from
 * the URL given in the print job). No account: the link itself is the permission, signed with
 * PRINT_FILE_URL_SECRET and short-lived (`signPrintFileUrl`). The signature is checked before the
 * storage is read, so a bad link learns nothing about which books exist.
 */
export function printFileRoutes(options: { secret: string; now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:bookInstanceId/:file',
      {
        schema: {
          tags: ['printer'],
          summary: 'A print file (PDF) through a signed, expiring link given to the printer',
          params: ParamsSchema,
          querystring: QuerySchema,
          response: { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { bookInstanceId, file } = request.params;
        const now = options.now();
        const check = checkPrintFileSignature(
          printFilePath(bookInstanceId, file),
          request.query,
          options.secret,
          now,
        );
        if (check !== 'valid') {
          throw new AppError(
            'FORBIDDEN',
            check === 'expired' ? 'This link has expired.' : 'This link is not valid.',
          );
        }
        const stored = await app.storage.get('instances', instanceKeys(bookInstanceId).printFile(file));
        if (!stored) throw new AppError('NOT_FOUND', 'This print file does not exist.');
        return sendPdf(reply, file, stored.data);
      },
    );
  };
}

// A plain reply: the route's response schemas describe its errors, the PDF is sent as bytes.
function sendPdf(reply: FastifyReply, file: string, data: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(data);
}
