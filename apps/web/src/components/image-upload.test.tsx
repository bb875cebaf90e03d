import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { ImageUpload } from './image-upload';

// jsdom has no object URLs; the preview only needs a string.
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

/** The file input inside the drop zone (what "click to choose" opens). */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('image upload', () => {
  it('sends a dropped image and shows its progress', async () => {
    let report: (percent: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    const upload = vi.fn(
      (_file: File, onProgress: (percent: number) => void) =>
        new Promise<void>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    renderScreen(<ImageUpload label="Store logo" currentUrl={null} upload={upload} />);
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), png(2048));

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0].name).toBe('logo.png');
    report(40);
    const progress = await screen.findByRole('progressbar', { name: 'Store logo upload progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Store logo' })).toHaveAttribute('src', 'blob:preview');
  });

  it('refuses an image over 5 MB without sending it', async () => {
    const upload = vi.fn(async () => undefined);
    renderScreen(<ImageUpload label="Store logo" currentUrl={null} upload={upload} />);
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), png(5 * 1024 * 1024 + 1));

    expect(await screen.findAllByText('Images can be at most 5 MB.')).not.toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG, PNG or WebP image', async () => {
    const upload = vi.fn(async () => undefined);
    renderScreen(<ImageUpload label="Store logo" currentUrl={null} upload={upload} />);
    const gif = new File([new Uint8Array(10)], 'logo.gif', { type: 'image/gif' });
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), gif);

    expect(await screen.findAllByText('Upload a JPEG, PNG or WebP image.')).not.toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
  });
});
