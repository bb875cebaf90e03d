// The phone till's camera scanner: its button beside the scan box and whether its dialog is open.
// Apart from the screen because the dialog's code loads on the first press, with its own
// loading state and error.
import { useMemo, useState } from 'react';
import { notify } from '../../../lib/toast';
import { useStableCallback } from '../../../lib/use-stable-callback';
import { CameraButton } from './phone-till';
import { loadCameraScan } from './till-dialogs';

/**
 * `camera`: the button for the scan panel on a phone (undefined on a desktop), which loads the
 * scanner's dialog and opens it; `cameraOpen` and `setCameraOpen` for the dialog itself.
 */
export function useTillCamera(phone: boolean) {
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraLoading, setCameraLoading] = useState(false);
  const openCamera = useStableCallback(() => {
    setCameraLoading(true);
    void loadCameraScan()
      .catch(() => notify.error('The camera scanner could not be loaded. Check the network and try again.'))
      .finally(() => setCameraLoading(false));
    setCameraOpen(true);
  });
  const camera = useMemo(
    () => (phone ? <CameraButton loading={cameraLoading} onPress={openCamera} /> : undefined),
    [phone, cameraLoading, openCamera],
  );
  return { camera, cameraOpen, setCameraOpen };
}
