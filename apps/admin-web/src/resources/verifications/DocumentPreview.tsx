import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { LoadState } from '../../components/LoadState';
import { useLoaded } from '../../hooks/use-loaded';
import { useObjectUrl } from '../../hooks/use-object-url';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { documentTypeLabels, type VerificationRecord } from './types';

/**
 * The student's uploaded document, fetched with the staff session from the gateway (every view is audited, so it
 * is fetched once per visit): an image inline, a PDF in the browser's own viewer in a frame. Both show a blob:
 * URL of the fetched bytes, which the gateway's CSP allows, so the document never gets a URL of its own.
 */
export function DocumentPreview({ record }: { record: VerificationRecord }) {
  const dataProvider = useConsoleDataProvider();
  const file = useLoaded(
    `document:${record.id}`,
    async () => (await dataProvider.getDocument(record.id)).data,
    {
      followActions: false,
    },
  );
  const url = useObjectUrl(file.data);
  const kind = documentTypeLabels[record.documentType ?? ''] ?? 'document';

  return (
    <LoadState loaded={file} label="Loading the document" height={320}>
      {(blob) =>
        url ? (
          <Box>
            {blob.type.startsWith('image/') ? (
              <Box
                component="img"
                src={url}
                alt={`${kind} uploaded by ${record.firstName}`}
                sx={{ display: 'block', maxWidth: '100%', maxHeight: 640, border: 1, borderColor: 'divider' }}
              />
            ) : (
              <Box
                component="iframe"
                src={url}
                title={`${kind} uploaded by ${record.firstName} (PDF)`}
                sx={{ display: 'block', width: '100%', height: 640, border: 1, borderColor: 'divider' }}
              />
            )}
            <Link
              href={url}
              download={record.documentName ?? `document-${record.id}`}
              sx={{ mt: 1, display: 'inline-block' }}
            >
              Download {record.documentName ?? 'the document'}
            </Link>
          </Box>
        ) : null
      }
    </LoadState>
  );
}
