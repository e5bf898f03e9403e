import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { DetailSection } from '@/components/common/DetailParts';
import { FileDropzone } from '@/components/common/FileUploadField';
import { useEndpointUpload } from '@/lib/api/query';
import { useApiErrorText } from '@/components/common/form/useFieldMessage';
import { offersContract } from '@/lib/offers/contract';
import type { OfferDetail } from '@/lib/offers/schemas';
import { OfferImage } from '@/components/offers/OfferImage';

const E = offersContract.endpoints;

/** The offer's image as customers see it, and (for writers) a new JPEG or PNG, checked by content before and after upload. */
export function OfferImageSection({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation(['offers', 'common', 'error']);
  const errorText = useApiErrorText();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useEndpointUpload(E.uploadOfferImage, {
    onSuccess: async () => {
      setFile(null);
      setProgress(null);
      await client.invalidateQueries({ queryKey: ['files', E.getOfferImage.area, E.getOfferImage.action] });
    },
    onError: () => setProgress(null),
  });
  return (
    <DetailSection title={t('sections.image')}>
      {offer.hasImage ? (
        <Box sx={{ maxWidth: 640, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <OfferImage id={offer.id} alt={t('imageAlt')} height={200} />
        </Box>
      ) : (
        <Typography color="text.secondary">{t('none.image')}</Typography>
      )}
      <Can anyOf={['offer_write']}>
        <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}>
          <FileDropzone
            label={t('fields.image')}
            value={file}
            onChange={(f) => {
              setFile(f);
              // The refusal was about the file chosen before: it stayed beside the new one until that was sent.
              upload.reset();
            }}
            accept={['image/jpeg', 'image/png']}
            helperText={t('help.image')}
            progress={progress}
          />
          {upload.error ? <Alert severity="error">{errorText(upload.error.error)}</Alert> : null}
          <Box>
            <Button
              variant="outlined"
              startIcon={<UploadIcon aria-hidden />}
              disabled={!file || upload.isPending}
              onClick={() => file && upload.mutate({ fields: { id: offer.id }, file, onProgress: setProgress })}
            >
              {t(offer.hasImage ? 'replaceImage' : 'uploadImage')}
            </Button>
          </Box>
        </Box>
      </Can>
    </DetailSection>
  );
}
