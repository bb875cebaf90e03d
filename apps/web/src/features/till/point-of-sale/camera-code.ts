/**
 * The scan box's text with a code the camera read (issue 31): a quantity typed first (`3*`)
 * multiplies it, as with a typed scan; anything else typed is replaced by the code. Apart from the
 * camera's code (`camera-scan.ts`), which loads only when the camera button is pressed.
 */
export function withTypedQuantity(boxText: string, code: string): string {
  const quantity = /^\s*(\d{1,4})\s*[*xX]\s*$/.exec(boxText);
  return quantity ? `${quantity[1]}*${code}` : code;
}
