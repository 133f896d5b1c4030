import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { uploadQuestionImage } from './queries.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface RichTextEditorProps {
  /** The starting HTML; later changes of the prop are not applied (the editor owns its content). */
  initial: string;
  onChange: (html: string) => void;
  /** A smaller box without lists, for options. */
  compact?: boolean;
  testId: string;
  ariaLabel: string;
}

/**
 * A light rich-text box (Tiptap): bold, italic, underline, lists and images. The image button uploads the file
 * (`/dataset-data/image-upload`) and puts its address in the text. Loaded lazily, so Tiptap stays out of the
 * pages that only show questions.
 */
export function RichTextEditor({ initial, onChange, compact = false, testId, ariaLabel }: RichTextEditorProps) {
  const { t } = useTranslation('question-bank');
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
        ...(compact ? { bulletList: false, orderedList: false, listItem: false } : {}),
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial,
    editorProps: { attributes: { 'aria-label': ariaLabel, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
    }),
  });

  async function insertImage(file: File) {
    if (!IMAGE_TYPES.includes(file.type)) {
      void message.error(t('image_type_wrong'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('image_too_big'));
      return;
    }
    setUploading(true);
    try {
      const url = await uploadQuestionImage(file);
      editor?.chain().focus().setImage({ src: url, alt: file.name }).run();
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  }

  const mark = (name: string, on: boolean, icon: ReactNode, run: () => void) => (
    <Tooltip title={t(`rich_${name}`)}>
      <Button
        size="small"
        type={on ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`rich_${name}`)}
        aria-pressed={on}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div className={compact ? 'qb-rich qb-rich-compact' : 'qb-rich'} data-testid={testId}>
      <div className="qb-rich-bar">
        {mark('bold', active?.bold ?? false, <BoldOutlined />, () => editor?.chain().focus().toggleBold().run())}
        {mark('italic', active?.italic ?? false, <ItalicOutlined />, () =>
          editor?.chain().focus().toggleItalic().run(),
        )}
        {mark('underline', active?.underline ?? false, <UnderlineOutlined />, () =>
          editor?.chain().focus().toggleUnderline().run(),
        )}
        {!compact &&
          mark('bullet_list', active?.bulletList ?? false, <UnorderedListOutlined />, () =>
            editor?.chain().focus().toggleBulletList().run(),
          )}
        {!compact &&
          mark('ordered_list', active?.orderedList ?? false, <OrderedListOutlined />, () =>
            editor?.chain().focus().toggleOrderedList().run(),
          )}
        <Tooltip title={t('rich_image')}>
          <Button
            size="small"
            type="text"
            icon={<PictureOutlined />}
            loading={uploading}
            aria-label={t('rich_image')}
            onClick={() => fileInput.current?.click()}
            data-testid={`${testId}-image`}
          />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          style={{ display: 'none' }}
          data-testid={`${testId}-image-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} className="qb-rich-content" />
    </div>
  );
}
