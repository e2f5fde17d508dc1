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
   * Checks that `path` exists, is a directory and can be listed and read, and that its real path (links
   * resolved) lies inside an allowed root; resolves to that real path. Throws `PricecatError` whose
   * message names the path and why not: `FOLDER_NOT_ALLOWED` outside the roots, else `INVALID_INPUT`.
   */
  checkFolder(path: string): Promise<string>;
  /**
   * Every regular file under `folder`, recursively, sorted by path. Hidden entries (`.name`), office
   * lock files (`~$name`) and symbolic links are left out, so a scan never follows a link out of the folder.
   */
  listFiles(folder: string): Promise<FolderFile[]>;
  /**
   * The bytes of one file listed by {@link listFiles}, at most `maxBytes` of them: the limit counts the
   * bytes actually read, never the size the file system reports (a `/proc` file reports 0). Throws a
   * `PricecatError` naming the file when it cannot be read, is not a regular file, or is larger
   * (`LIMIT_EXCEEDED`).
   */
  readFile(folder: string, relativePath: string, maxBytes: number): Promise<Uint8Array>;
}
