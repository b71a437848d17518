/** The part of occt-import-js (OpenCascade compiled to WebAssembly, no types of its own) read here. */
declare module 'occt-import-js' {
  /** Compiles the WebAssembly module; `settings` are Emscripten's (where its text output goes). */
  function occtImportJs(settings?: occtImportJs.OcctModuleSettings): Promise<occtImportJs.OcctModule>;

  namespace occtImportJs {
    interface OcctModuleSettings {
      print?: (text: string) => void;
      printErr?: (text: string) => void;
      /** Emscripten's hook to instantiate the module oneself (here: from a module compiled once in another thread). */
      instantiateWasm?: (imports: object, receive: (instance: object, module: object) => void) => object;
    }

    interface OcctMesh {
      name?: string;
      /** Point triplets x, y, z. */
      attributes: { position: { array: ArrayLike<number> }; normal?: { array: ArrayLike<number> } };
      /** Triangles: triplets of point indices. */
      index: { array: ArrayLike<number> };
    }

    interface OcctResult {
      success: boolean;
      meshes?: OcctMesh[];
    }

    interface OcctImportParams {
      linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
      linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
      linearDeflection?: number;
      angularDeflection?: number;
    }

    interface OcctModule {
      ReadStepFile(content: Uint8Array, params: OcctImportParams | null): OcctResult;
    }
  }

  export = occtImportJs;
}
