/**
 * The help article body editor (docs/support.md): a Tiptap (ProseMirror) editor bound to a react-hook-form field
 * holding HTML. The toolbar offers what the help sanitizer keeps: headings (h3 / h4, below the page's title),
 * bold, italic, bulleted and numbered lists, quotes, links (https, mailto or a portal path) and images uploaded
 * through the upload pipeline (`supportAdmin.uploadHelpImage`, JPEG or PNG, with alt text). An "HTML" mode edits the
 * markup itself, for what the visual editor has no tool for (tables and figures of the seeded articles: a body that
 * holds them opens in HTML mode, so nothing is lost). The server sanitizes whatever arrives.
 *
 * Loaded with next/dynamic by the article form only (ProseMirror stays out of every other page's bundle).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'next-i18next/pages';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useApiErrorText, useFieldMessage } from '@/components/common/form/useFieldMessage';
import { useEndpointUpload } from '@/lib/api/query';
import { supportAdminContract } from '@/lib/support/adminContract';
import { HELP_IMAGE_TYPES } from '@/lib/support/schemas';

/** The rules Tiptap would inject (`injectCSS`), through emotion so that the CSP's nonce covers them. */
const PROSEMIRROR_SX = {
  '& .ProseMirror [contenteditable="false"]': { whiteSpace: 'normal' },
  '& .ProseMirror [contenteditable="false"] [contenteditable="true"]': { whiteSpace: 'pre-wrap' },
  '& img.ProseMirror-separator': { display: 'inline !important', border: 'none !important', margin: '0 !important', width: '0 !important', height: '0 !important' },
  '& .ProseMirror-gapcursor': { display: 'none', pointerEvents: 'none', position: 'absolute', margin: 0 },
  '& .ProseMirror-gapcursor:after': { content: '""', display: 'block', position: 'absolute', top: '-2px', width: 20, borderTop: '1px solid currentColor' },
  '& .ProseMirror-focused .ProseMirror-gapcursor': { display: 'block' },
  '& .ProseMirror-hideselection *::selection': { background: 'transparent' },
  '& .ProseMirror-hideselection': { caretColor: 'transparent' },
} as const;

/** Markup the visual editor cannot represent (it would drop it): such a body opens in HTML mode. */
const NEEDS_HTML_MODE = /<(table|figure|figcaption|caption|thead|tbody|tr|td|th)\b/i;
/** What a link may point to (the sanitizer's `safeHref` checks it again): http(s), mailto or a portal path. */
const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s\\]*)$/i;

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  helperText?: string;
  /** Language of the text (spell checking, screen readers): `en` or `zh-HK`. */
  lang: string;
};

export default function RichTextEditor<T extends FieldValues>({ control, name, label, required, helperText, lang }: Props<T>) {
  const { t } = useTranslation(['supportAdmin', 'common', 'error']);
  const { field, fieldState } = useController<T>({ name, control });
  const message = useFieldMessage();
  const error = message(fieldState.error?.message);
  const id = useId();
  const initial = String(field.value ?? '');
  const [mode, setMode] = useState<'visual' | 'html'>(() => (NEEDS_HTML_MODE.test(initial) ? 'html' : 'visual'));
  const [dialog, setDialog] = useState<null | 'link' | 'image'>(null);
  // react-hook-form's onChange is stable for the field's life.
  const onChange = field.onChange;

  const editor = useEditor({
    immediatelyRender: false,
    // Tiptap would add a <style> element, which the portal's CSP refuses: its few rules are in PROSEMIRROR_SX below.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: false, protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: mode === 'visual' ? initial : '',
    editorProps: {
      attributes: {
        id: `${id}-editor`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': `${id}-help`,
        // The label's asterisk is hidden from screen readers: the editor says it is required (and invalid, below).
        ...(required ? { 'aria-required': 'true' } : {}),
        lang,
        spellcheck: 'true',
        'data-testid': `rte-${String(name)}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A refused body: the editor says so, as a text field does (its message is its description already).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const attributes = editor.options.editorProps.attributes as Record<string, string>;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: { ...attributes, 'aria-invalid': error ? 'true' : 'false' } } });
  }, [editor, error]);

  // The form's focus-on-error goes to the editor (or the HTML text area).
  const htmlRef = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    field.ref({ focus: () => (mode === 'html' ? htmlRef.current?.focus() : editor?.commands.focus()) });
  }, [editor, field, mode]);

  const switchMode = () => {
    if (!editor) return;
    if (mode === 'visual') {
      setMode('html');
    } else if (!NEEDS_HTML_MODE.test(String(field.value ?? ''))) {
      // A table or figure stays in HTML mode: the visual editor has no such node and the first keystroke there would
      // write the body back without it (the note below the field says so).
      editor.commands.setContent(String(field.value ?? ''), { emitUpdate: false });
      setMode('visual');
    }
  };

  const hasUnsupported = mode === 'html' && NEEDS_HTML_MODE.test(String(field.value ?? ''));
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Typography id={`${id}-label`} component="label" htmlFor={mode === 'html' ? `${id}-html` : `${id}-editor`} variant="body2" sx={{ fontWeight: 500 }} color={error ? 'error' : 'text.secondary'}>
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </Typography>
      <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, '&:focus-within': { borderColor: 'primary.main', boxShadow: (th) => `0 0 0 1px ${th.palette.primary.main}` } }}>
        <Box role="toolbar" aria-label={t('editor.toolbar', { field: label })} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          {mode === 'visual' && editor ? <Tools editor={editor} onLink={() => setDialog('link')} onImage={() => setDialog('image')} /> : null}
          <Box sx={{ flexGrow: 1 }} />
          <Button size="small" onClick={switchMode} aria-pressed={mode === 'html'} disabled={hasUnsupported} {...(hasUnsupported ? { 'aria-describedby': `${id}-html-only` } : {})}>
            {t('editor.html')}
          </Button>
        </Box>
        {mode === 'visual' ? (
          <Box
            sx={{
              px: 1.5,
              minHeight: 200,
              ...PROSEMIRROR_SX,
              '& .ProseMirror': { position: 'relative', whiteSpace: 'pre-wrap', fontVariantLigatures: 'none', outline: 'none', minHeight: 200, py: 1, overflowWrap: 'anywhere', lineHeight: 1.7 },
              '& .ProseMirror h3': { typography: 'h6' },
              '& .ProseMirror h4': { typography: 'subtitle1', fontWeight: 600 },
              '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
              '& .ProseMirror img.ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'primary.main' },
              '& .ProseMirror a': { color: 'primary.main', textDecoration: 'underline' },
              '& .ProseMirror blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0 },
            }}
          >
            <EditorContent editor={editor} />
          </Box>
        ) : (
          <TextField
            id={`${id}-html`}
            inputRef={htmlRef}
            value={String(field.value ?? '')}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            multiline
            minRows={10}
            fullWidth
            variant="standard"
            slotProps={{ input: { disableUnderline: true, sx: { px: 1.5, py: 1, fontFamily: 'monospace', fontSize: 14 } }, htmlInput: { lang, 'aria-describedby': `${id}-help`, 'aria-required': required || undefined, 'aria-invalid': Boolean(error), spellCheck: false } }}
          />
        )}
      </Box>
      {hasUnsupported ? <FormHelperText id={`${id}-html-only`}>{t('editor.htmlOnly')}</FormHelperText> : null}
      <FormHelperText id={`${id}-help`} error={Boolean(error)}>
        {error ?? helperText}
      </FormHelperText>
      {/* Mounted while open only: each opening starts from the selection's link / an empty image form. */}
      {editor && dialog === 'link' ? <LinkDialog editor={editor} onClose={() => setDialog(null)} /> : null}
      {editor && dialog === 'image' ? <ImageDialog editor={editor} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

function Tool({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <ToggleButton value={label} size="small" selected={Boolean(active)} disabled={disabled} onChange={onClick} aria-label={label} sx={{ border: 0, minWidth: 36 }}>
          {children}
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

/** A heading tool's face: its level as text (no icon says H3). */
function HeadingFace({ level, fontSize }: { level: 3 | 4; fontSize: number }) {
  return (
    <Typography component="span" sx={{ fontWeight: 700, fontSize }} aria-hidden>
      {`H${level}`}
    </Typography>
  );
}

/**
 * The formatting tools in the toolbar's order: each shows whether the selection has its format (`isActive`) and
 * toggles it there (`toggle`, on the focused editor's chain).
 */
const FORMAT_TOOLS: readonly { label: string; isActive: (e: Editor) => boolean; toggle: (chain: ChainedCommands) => ChainedCommands; face: ReactNode }[] = [
  { label: 'editor.h3', isActive: (e) => e.isActive('heading', { level: 3 }), toggle: (c) => c.toggleHeading({ level: 3 }), face: <HeadingFace level={3} fontSize={14} /> },
  { label: 'editor.h4', isActive: (e) => e.isActive('heading', { level: 4 }), toggle: (c) => c.toggleHeading({ level: 4 }), face: <HeadingFace level={4} fontSize={13} /> },
  { label: 'editor.bold', isActive: (e) => e.isActive('bold'), toggle: (c) => c.toggleBold(), face: <FormatBoldIcon fontSize="small" aria-hidden /> },
  { label: 'editor.italic', isActive: (e) => e.isActive('italic'), toggle: (c) => c.toggleItalic(), face: <FormatItalicIcon fontSize="small" aria-hidden /> },
  { label: 'editor.bulletList', isActive: (e) => e.isActive('bulletList'), toggle: (c) => c.toggleBulletList(), face: <FormatListBulletedIcon fontSize="small" aria-hidden /> },
  { label: 'editor.orderedList', isActive: (e) => e.isActive('orderedList'), toggle: (c) => c.toggleOrderedList(), face: <FormatListNumberedIcon fontSize="small" aria-hidden /> },
  { label: 'editor.quote', isActive: (e) => e.isActive('blockquote'), toggle: (c) => c.toggleBlockquote(), face: <FormatQuoteIcon fontSize="small" aria-hidden /> },
];

function Tools({ editor, onLink, onImage }: { editor: Editor; onLink: () => void; onImage: () => void }) {
  const { t } = useTranslation('supportAdmin');
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ formats: FORMAT_TOOLS.map((tool) => tool.isActive(e)), link: e.isActive('link') }),
  });
  return (
    <>
      {FORMAT_TOOLS.map((tool, i) => (
        <Tool key={tool.label} label={t(tool.label)} active={s.formats[i]} onClick={() => tool.toggle(editor.chain().focus()).run()}>
          {tool.face}
        </Tool>
      ))}
      <Tool label={t('editor.link')} active={s.link} onClick={onLink}>
        <LinkIcon fontSize="small" aria-hidden />
      </Tool>
      <Tool label={t('editor.image')} onClick={onImage}>
        <ImageIcon fontSize="small" aria-hidden />
      </Tool>
    </>
  );
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation(['supportAdmin', 'common']);
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    const value = href.trim();
    if (value === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!LINK.test(value)) {
      setInvalid(true);
      return;
    }
    const external = /^https?:/i.test(value);
    editor.chain().focus().extendMarkRange('link').setLink({ href: value, target: external ? '_blank' : null }).run();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <DialogTitle>{t('editor.linkTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('editor.linkAddress')}
            value={href}
            onChange={(e) => setHref(e.target.value)}
            error={invalid}
            helperText={invalid ? t('editor.linkInvalid') : t('editor.linkHelp')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:ui.form.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('editor.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation(['supportAdmin', 'common', 'error']);
  const errorText = useApiErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [missing, setMissing] = useState<null | 'file' | 'alt'>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useEndpointUpload(supportAdminContract.endpoints.uploadHelpImage, {
    onSuccess: (data) => {
      editor.chain().focus().setImage({ src: data.src, alt: alt.trim() }).run();
      onClose();
    },
    onSettled: () => setProgress(null),
  });
  const submit = () => {
    if (!file) return setMissing('file');
    if (!alt.trim()) return setMissing('alt');
    setMissing(null);
    upload.mutate({ fields: {}, file, onProgress: setProgress });
  };
  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{t('editor.imageTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 0.5, pt: 1 }}>
            <Button variant="outlined" component="label" sx={{ justifySelf: 'start' }}>
              {t('editor.chooseImage')}
              <input
                hidden
                type="file"
                accept={HELP_IMAGE_TYPES.join(',')}
                data-testid="rte-image-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setMissing(null);
                  // A refusal was about the file chosen before; and the same file may be chosen again after it.
                  upload.reset();
                  e.target.value = '';
                }}
              />
            </Button>
            <FormHelperText error={missing === 'file'}>{file ? file.name : missing === 'file' ? t('editor.imageMissing') : t('editor.imageHelp')}</FormHelperText>
          </Box>
          <TextField
            fullWidth
            required
            label={t('editor.imageAlt')}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            error={missing === 'alt'}
            helperText={missing === 'alt' ? t('common:ui.validation.required') : t('editor.imageAltHelp')}
          />
          {progress !== null ? <Typography variant="body2">{t('editor.uploading', { progress })}</Typography> : null}
          {upload.error ? <Alert severity="error">{errorText(upload.error.error)}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={upload.isPending}>
            {t('common:ui.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={upload.isPending}>
            {t('editor.insertImage')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
