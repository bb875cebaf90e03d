import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode, Ref } from 'react';

interface BarcodeInputProps extends TextInputProps {
  ref?: Ref<HTMLInputElement>;
  /** A look-up is on its way: a spinner in place of `idleSection`. */
  looking: boolean;
  /** Enter was pressed: what a keyboard-wedge scanner does after typing the code. */
  onScan: () => void;
  idleSection?: ReactNode;
}

/** The "Scan barcode" box of the till and of a purchase order: Enter looks the code up. */
export function BarcodeInput({
  looking,
  onScan,
  idleSection = null,
  onKeyDown,
  ...props
}: BarcodeInputProps) {
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onScan();
    } else onKeyDown?.(e);
  };
  return (
    <TextInput
      label="Scan barcode"
      leftSection={<IconBarcode size={16} />}
      rightSection={looking ? <Loader size="xs" /> : idleSection}
      onKeyDown={keyDown}
      {...props}
    />
  );
}
