/**
 * `FolderAccess`: what the watched-folder use cases need from a file system, as an interface, so that
 * the catalogue stays browser-safe. The Node implementation is `createNodeFolderAccess()` from
 * `@pricecat/core/node`; pass it to `createCatalogue({ folder })`.
 */

/** One file found under a watched folder. */
export interface FolderFile {
  /** Path relative to the folder, `/`-separated (`Алматы/Клиника 3 прайс.pdf`). */
  readonly path: string;
  /** Size in bytes. */
  readonly size: number;
}

export interface FolderAccess {
  /**
   * Checks that `path` exists, is a directory and can be listed and read; resolves to its absolute,
   * normalised form. Throws `PricecatError('INVALID_INPUT')` whose message names the path and why not.
   */
  checkFolder(path: string): Promise<string>;
  /**
   * Every regular file under `folder`, recursively, sorted by path. Hidden entries (`.name`), office
   * lock files (`~$name`) and symbolic links are left out, so a scan never follows a link out of the folder.
   */
  listFiles(folder: string): Promise<FolderFile[]>;
  /** The bytes of one file listed by {@link listFiles}; throws a `PricecatError` naming the file when it cannot be read. */
  readFile(folder: string, relativePath: string): Promise<Uint8Array>;
}
