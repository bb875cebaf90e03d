import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { cameraProblem, codeReader, loadDetector, openCamera } from './camera-scan';

interface CameraScanModalProps {
  opened: boolean;
  onClose: () => void;
  /** A code read from the camera (each code once while it stays in view). */
  onCode: (code: string) => void;
}

/** How often a frame is read: often enough to feel instant, rarely enough for a low-end phone. */
const FRAME_MS = 150;

/**
 * The camera scanner (issue 31, decision 0056): the back camera's picture, read for barcodes until
 * the cashier closes it; each code read goes to the till like a typed scan. Loaded only when the
 * camera button is pressed. Without a camera, or with the permission refused, it says so.
 */
export function CameraScanModal({ opened, onClose, onCode }: CameraScanModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scan with the camera" centered size="md">
      <Stack gap="sm">
        {/* Drawn while open only: closing stops the camera, opening starts afresh. */}
        {opened && <CameraView onCode={onCode} />}
        <Button variant="default" onClick={onClose} fullWidth>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}

function CameraView({ onCode }: Pick<CameraScanModalProps, 'onCode'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [last, setLast] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        stream = await openCamera();
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const read = codeReader(await loadDetector());
        if (stopped) return;
        setScanning(true);
        const tick = async () => {
          if (stopped) return;
          if (video.readyState >= 2) {
            try {
              for (const code of await read(video)) {
                setLast(code);
                latest.current(code);
              }
            } catch {
              // A frame the detector could not read: the next one is tried.
            }
          }
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return problem ? (
    <Alert color="orange" role="alert" title="The camera cannot be used">
      {problem}
    </Alert>
  ) : (
    <Stack gap="sm">
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera picture"
        style={{ width: '100%', maxHeight: '50vh', background: '#000', borderRadius: 8 }}
      />
      <Group gap={6} aria-live="polite">
        {!scanning && <Loader size="xs" />}
        <Text size="sm" c="dimmed">
          {last
            ? `Read ${last}. Hold the next barcode in view.`
            : scanning
              ? 'Hold a barcode in view of the camera.'
              : 'Starting the camera…'}
        </Text>
      </Group>
    </Stack>
  );
}
