import { useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent, type Ref } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useForkRef from '@mui/utils/useForkRef';
import { useTranslation } from 'next-i18next/pages';
import { useRouter } from 'next/router';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { numberFormat } from '@/lib/i18n/locales';
import { acceptAttribute, MB, sniffFile, typeLabels, UPLOAD_TYPE_LIST, type UploadType } from '@/lib/upload/sniff';
import { msg } from '@/lib/zodMessages';
import { useUploadLimitMb } from '@/components/auth/useSessionData';
import { FOCUS_RING_VAR } from '@/lib/theme/theme';
import type { BaseFieldProps } from './form/fieldTypes';
import { useFieldMessage } from './form/useFieldMessage';

/** "1.2 MB" / "350 KB" in the page's locale. */
export function formatFileSize(bytes: number, locale: string | undefined): string {
  const nf = (digits: number) => numberFormat(locale, { maximumFractionDigits: digits });
  if (bytes < 1024) return `${nf(0).format(bytes)} B`;
  if (bytes < MB) return `${nf(0).format(Math.ceil(bytes / 1024))} KB`;
  return `${nf(1).format(bytes / MB)} MB`;
}

/**
 * Why a file cannot be uploaded, as a message key (see lib/zodMessages), or null when it may go. Checked in this
 * order: empty, over the size limit (cheap, before reading anything), then the first bytes against `accept`. The
 * accepted types are listed as `locale` writes a list.
 */
export async function checkUploadFile(file: File, accept: readonly UploadType[], maxSizeMb: number, locale?: string): Promise<string | null> {
  if (file.size === 0) return 'ui.upload.empty';
  if (file.size > maxSizeMb * MB) return msg('ui.upload.tooLarge', { size: maxSizeMb });
  let type: UploadType | null;
  try {
    type = await sniffFile(file);
  } catch {
    return 'ui.upload.unreadable';
  }
  if (!type || !accept.includes(type)) return msg('ui.upload.wrongType', { types: typeLabels(accept, locale) });
  return null;
}

export type FileDropzoneProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /**
   * Why the chosen file was refused (a message key, see lib/zodMessages), or null when a file is taken or removed:
   * `FileUploadField` makes it the form field's error, so the form's error summary says the same as the field.
   */
  onReject?: (reason: string | null) => void;
  /** Message (translated) of the form's own validation, e.g. "Choose a file". */
  error?: string;
  helperText?: string;
  accept?: readonly UploadType[];
  /** Size limit in MB; default: the system parameter in the store (spec §9: 1 MB when not supplied). */
  maxSizeMb?: number;
  /** Upload progress 0–100 while the form is being sent (from uploadWithProgress's onProgress); null otherwise. */
  progress?: number | null;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Choose or drop one file; refuses it at once (with a translated reason naming the limit or the types) when it is
 * empty, larger than the limit or not of an accepted type by its first bytes; shows name, size and a remove button,
 * and a progress bar while uploading. Controlled: `FileUploadField` binds it to a form field.
 */
export function FileDropzone({
  label,
  value,
  onChange,
  onBlur,
  onReject,
  error,
  helperText,
  accept = UPLOAD_TYPE_LIST,
  maxSizeMb,
  progress = null,
  required,
  disabled,
  name,
  inputRef,
}: FileDropzoneProps) {
  const { t } = useTranslation('common');
  const { locale } = useRouter();
  const message = useFieldMessage();
  const systemLimit = useUploadLimitMb();
  const limitMb = maxSizeMb ?? systemLimit;
  const [rejection, setRejection] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const checkId = useRef(0);
  const ids = { label: useId(), help: useId(), choose: useId() };
  const isUploading = progress !== null;
  const isDisabled = Boolean(disabled) || isUploading;
  // Choosing a file replaces the "choose" button by the chosen file (and removing it the other way round): focus
  // follows to the control now shown instead of falling to the page body (issue 10 item 8).
  const ownInput = useRef<HTMLInputElement | null>(null);
  const forkedInputRef = useForkRef(inputRef, ownInput);
  const removeButton = useRef<HTMLButtonElement | null>(null);
  const focusNext = useRef<'remove' | 'choose' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'remove' && value) removeButton.current?.focus();
    if (focusNext.current === 'choose' && !value) ownInput.current?.focus();
    focusNext.current = null;
  }, [value]);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const id = ++checkId.current;
    const problem = await checkUploadFile(file, accept, limitMb, locale);
    // A newer choice was made while this one was being read.
    if (id !== checkId.current) return;
    setRejection(problem);
    onReject?.(problem);
    if (!problem) focusNext.current = 'remove';
    onChange(problem ? null : file);
    onBlur?.();
  };

  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setIsDragging(false);
    if (isDisabled) return;
    void take(e.dataTransfer.files[0]);
  };

  const shownError = rejection ? message(rejection) : error;
  const hint = t('ui.upload.hint', { types: typeLabels(accept, locale), size: limitMb });

  return (
    <Box role="group" aria-labelledby={ids.label} data-testid="file-upload">
      <FormLabel id={ids.label} required={required} error={Boolean(shownError)} sx={{ display: 'block', mb: 1 }}>
        {label}
      </FormLabel>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          if (!isDisabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-dragging={isDragging || undefined}
        sx={{
          border: '2px dashed',
          borderColor: shownError ? 'error.main' : isDragging ? 'primary.main' : 'divider',
          bgcolor: isDragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
        }}
      >
        {value ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 240px', minWidth: 0 }} aria-label={t('ui.upload.selected')} role="group">
            <InsertDriveFileOutlinedIcon color="action" aria-hidden />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }} data-testid="file-upload-name">
                {value.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="file-upload-size">
                {formatFileSize(value.size, locale)}
              </Typography>
            </Box>
            <IconButton
              ref={removeButton}
              onClick={() => {
                setRejection(null);
                onReject?.(null);
                focusNext.current = 'choose';
                onChange(null);
              }}
              disabled={isDisabled}
              aria-label={t('ui.upload.remove', { name: value.name })}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        ) : (
          <>
            {/* The label is not a control of its own (MUI's file-upload pattern): the file input inside it is the one
                tab stop, so no role/tabindex on the label, and the focus ring shows when the hidden input has focus. */}
            <Button
              component="label"
              role={undefined}
              tabIndex={-1}
              variant="outlined"
              startIcon={<UploadFileIcon aria-hidden />}
              disabled={isDisabled}
              sx={{ '&:has(input:focus-visible)': { outline: `2px solid ${FOCUS_RING_VAR}`, outlineOffset: 2 } }}
            >
              <span id={ids.choose}>{t('ui.upload.choose')}</span>
              <Box
                component="input"
                ref={forkedInputRef}
                type="file"
                name={name}
                accept={acceptAttribute(accept)}
                disabled={isDisabled}
                // Named by the field's label and the button's text ("Signed agreement, Choose file"), not by the
                // button alone: a screen reader and the form's error summary then say which document is missing.
                aria-labelledby={`${ids.label} ${ids.choose}`}
                aria-describedby={ids.help}
                aria-invalid={Boolean(shownError) || undefined}
                onChange={(e) => {
                  const input = e.target as HTMLInputElement;
                  void take(input.files?.[0]);
                  // The same file chosen again (after a fix elsewhere) must fire change again.
                  input.value = '';
                }}
                sx={{ clip: 'rect(0 0 0 0)', clipPath: 'inset(50%)', height: 1, overflow: 'hidden', position: 'absolute', whiteSpace: 'nowrap', width: 1 }}
              />
            </Button>
            <Typography color="text.secondary" variant="body2">
              {isDragging ? t('ui.upload.dropActive') : t('ui.upload.drop')}
            </Typography>
          </>
        )}
      </Box>
      {isUploading ? (
        <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="file-upload-progress">
          <LinearProgress variant="determinate" value={progress} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label={t('ui.upload.progressLabel')} />
          <Typography variant="body2" aria-live="polite" sx={{ minWidth: 120, textAlign: 'right' }}>
            {t('ui.upload.progress', { percent: progress })}
          </Typography>
        </Box>
      ) : null}
      <FormHelperText id={ids.help} error={Boolean(shownError)} role={shownError ? 'alert' : undefined}>
        {shownError ?? helperText ?? hint}
      </FormHelperText>
      {shownError && helperText ? <FormHelperText>{hint}</FormHelperText> : null}
    </Box>
  );
}

export type FileUploadFieldProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<FileDropzoneProps, 'accept' | 'maxSizeMb' | 'progress'>;

/** The error type of a refused file (too large, wrong type, empty, unreadable), set on the form field. */
const REJECTED = 'fileRejected';

/**
 * The file field of a `<Form>`: the form value is the chosen `File` (or null). Schema:
 * `file: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: zodMessages.fileRequired })`.
 *
 * A refused file leaves the value empty, so the schema alone would say "Choose a file." on submit: the reason it was
 * refused is the field's error instead (react-hook-form `setError`), put back whenever the form's validation
 * replaces it, until a good file is chosen or the file is removed. The field and the form's error summary then give
 * the same, real reason.
 */
export function FileUploadField<T extends FieldValues>({ name, control, label, helperText, required, disabled, accept, maxSizeMb, progress }: FileUploadFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name, control });
  const context = useFormContext<T>() as ReturnType<typeof useFormContext<T>> | null;
  const setError = (control ?? context?.control)?.setError;
  const message = useFieldMessage();
  const [rejected, setRejected] = useState<string | null>(null);
  const current = fieldState.error;
  // Before paint: the summary never shows the schema's "Choose a file." in place of the reason.
  useLayoutEffect(() => {
    if (!rejected || !setError) return;
    if (current?.type === REJECTED && current.message === rejected) return;
    setError(name as FieldPath<T>, { type: REJECTED, message: rejected });
  }, [rejected, current, name, setError]);
  return (
    <FileDropzone
      label={label}
      name={field.name}
      value={(field.value as File | null | undefined) ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onReject={setRejected}
      inputRef={field.ref}
      error={message(fieldState.error?.message)}
      helperText={helperText}
      accept={accept}
      maxSizeMb={maxSizeMb}
      progress={progress}
      required={required}
      disabled={disabled || field.disabled}
    />
  );
}
