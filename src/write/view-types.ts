/**
 * Node's number for each kind of typed array in serialized data (lib/v8.js DefaultSerializer), found
 * by serializing one of each rather than copied from Node's source, so that another Node's numbering
 * is read and written as it is; found when first needed, not as each thread starts.
 */
import { DefaultDeserializer, serialize } from 'node:v8';

export type ViewType = new (buffer: ArrayBuffer) => ArrayBufferView;

/** Each kind's number, and the kind of each number. */
export interface ViewTypeNumbers {
  byIndex: Map<number, ViewType>;
  indexOf: Map<ViewType, number>;
}

let numbering: ViewTypeNumbers | undefined;

export function viewTypeNumbers(): ViewTypeNumbers {
  return (numbering ??= numberViewTypes());
}

function numberViewTypes(): ViewTypeNumbers {
  const types: ViewType[] = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, DataView, BigInt64Array, BigUint64Array, Buffer];
  const byIndex = new Map<number, ViewType>();
  const indexOf = new Map<ViewType, number>();
  for (const View of types) {
    const reader = new (class extends DefaultDeserializer {
      _readHostObject(): ArrayBufferView {
        const index = this.readUint32();
        byIndex.set(index, View);
        indexOf.set(View, index);
        return this.readRawBytes(this.readUint32());
      }
    })(serialize(View === Buffer ? Buffer.alloc(8) : new View(new ArrayBuffer(8))));
    reader.readHeader();
    reader.readValue();
  }
  return { byIndex, indexOf };
}
