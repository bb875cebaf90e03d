import '@mantine/dropzone/styles.css';
import { Avatar, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messageOf } from '../lib/api-client';
import { notify } from '../lib/toast';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = IMAGE_MIME_TYPE.filter((t) => ['image/png', 'image/jpeg', 'image/webp'].includes(t));

export interface ImageUploadProps {
  label: string;
  /** The image now on record. */
  currentUrl: string | null;
  /** Sends the file, reporting progress 0–100. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  shape?: 'round' | 'square';
}

/** Drop or pick an image: a preview at once, a progress bar while it uploads. */
export function ImageUpload({ label, currentUrl, upload, shape = 'square' }: ImageUploadProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (e) {
      setError(messageOf(e));
      notify.error(messageOf(e));
      setPreview(null);
    } finally {
      setProgress(null);
    }
  };
  const onReject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    const message =
      code === 'file-too-large' ? 'Images can be at most 5 MB.' : 'Upload a JPEG, PNG or WebP image.';
    setError(message);
    notify.error(message);
  };

  const shown = preview ?? currentUrl;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Group align="center" gap="md" wrap="nowrap">
        {shape === 'round' ? (
          <Avatar src={shown} size={72} radius="xl" alt={label} />
        ) : shown ? (
          <Image src={shown} w={72} h={72} radius="md" fit="contain" alt={label} bd="1px solid #D9D8DA" />
        ) : (
          <Avatar size={72} radius="md" alt={label}>
            <IconPhoto />
          </Avatar>
        )}
        <Dropzone
          onDrop={(files) => void onDrop(files)}
          onReject={onReject}
          maxSize={MAX_BYTES}
          accept={ACCEPTED}
          multiple={false}
          loading={progress !== null}
          style={{ flex: 1 }}
          aria-label={`Upload ${label.toLowerCase()}`}
          // Mantine 9.5's hidden file input has no name of its own (9.7 named it; decision 0001 pins 9.5).
          inputProps={{ 'aria-label': `Upload ${label.toLowerCase()}` }}
        >
          <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
            <IconUpload size={20} />
            <Text size="sm">Drop an image here or click to choose (JPEG, PNG or WebP, up to 5 MB)</Text>
          </Group>
        </Dropzone>
      </Group>
      {progress !== null && (
        <Progress value={progress} size="sm" aria-label={`${label} upload progress`} animated />
      )}
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
