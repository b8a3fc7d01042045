//! [`MountFs`] as a [`VfsImage`] and back: the root's tree and each mount (see
//! [`crate::fs::image`]). The root must be a [`MemoryFs`]; the mounts overlays or host
//! directories, whose content is never copied.

use super::{Mount, MountFs, MountedFs};
use crate::fs::image::{corrupt, load_all, ImageError, MountImage, OverlayImage, VfsImage};
use crate::fs::{HostFs, MemoryFs, MountKind, OverlayFs};

impl MountFs {
    /// The root's tree and every mount, sorted by path.
    pub(super) fn vfs_image(&self) -> Result<VfsImage, ImageError> {
        let root = self.root_memory()?;
        let mut mounts = self.mounts.iter().map(mount_image).collect::<Result<Vec<_>, _>>()?;
        mounts.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(VfsImage { root: root.tree_image(), mounts })
    }

    /// Check the whole image (mounts, root tree, overlay layers), lock every layer, then
    /// replace them all.
    pub(super) fn load_vfs_image(&self, image: &VfsImage) -> Result<(), ImageError> {
        let root = self.root_memory()?;
        let layers = self.pair_mounts(&image.mounts)?;
        let mut staged = Vec::with_capacity(layers.len() + 1);
        staged.push(root.stage(&image.root)?);
        for (fs, layer) in layers {
            staged.push(fs.stage(layer)?);
        }
        load_all(staged)
    }

    /// The in-memory filesystem at `/`.
    fn root_memory(&self) -> Result<&MemoryFs, ImageError> {
        match self.root.fs.as_mounted() {
            Some(MountedFs::Memory(m)) => Ok(m),
            _ => Err(ImageError::unsupported()),
        }
    }

    /// Match the image's mounts with ours (same paths and kinds): the overlays and their layers.
    fn pair_mounts<'a>(&'a self, images: &'a [MountImage]) -> Result<Vec<(&'a OverlayFs, &'a OverlayImage)>, ImageError> {
        let mut pairs = Vec::new();
        for (i, img) in images.iter().enumerate() {
            check_mount(img)?;
            if images.iter().take(i).any(|o| o.path == img.path) {
                return Err(corrupt(format!("two mounts at {}", img.path)));
            }
            let ours = self.mounts.iter().find(|m| m.path == img.path).and_then(|m| m.fs.as_mounted());
            match (ours, &img.overlay) {
                (Some(MountedFs::Overlay(o)), Some(layer)) => pairs.push((o, layer)),
                (Some(MountedFs::Host(h)), None) if host_kind(h) == img.kind => {}
                _ => return Err(ImageError::Mounts(format!("no {} mounted at {}", kind_name(img.kind), img.path))),
            }
        }
        if let Some(m) = self.mounts.iter().find(|m| !images.iter().any(|i| i.path == m.path)) {
            return Err(ImageError::Mounts(format!("{} is mounted but not in the image", m.path)));
        }
        Ok(pairs)
    }
}

/// A mount as data.
fn mount_image(m: &Mount) -> Result<MountImage, ImageError> {
    let path = m.path.clone();
    match m.fs.as_mounted() {
        Some(MountedFs::Overlay(o)) => {
            let overlay = Some(o.overlay_image());
            Ok(MountImage { path, host: o.host_root().to_path_buf(), kind: MountKind::Overlay, overlay })
        }
        Some(MountedFs::Host(h)) => Ok(MountImage { path, host: h.host_root().to_path_buf(), kind: host_kind(h), overlay: None }),
        _ => Err(ImageError::Unsupported(format!("the filesystem mounted at {path} does not support snapshots"))),
    }
}

/// An overlay mount has its layer, a host mount none.
fn check_mount(img: &MountImage) -> Result<(), ImageError> {
    match (img.kind, &img.overlay) {
        (MountKind::Overlay, None) => Err(corrupt(format!("overlay mount at {} without its layer", img.path))),
        (MountKind::ReadWrite | MountKind::ReadOnly, Some(_)) => Err(corrupt(format!("host mount at {} with a layer", img.path))),
        _ => Ok(()),
    }
}

fn host_kind(h: &HostFs) -> MountKind {
    if h.is_writable() {
        MountKind::ReadWrite
    } else {
        MountKind::ReadOnly
    }
}

fn kind_name(kind: MountKind) -> &'static str {
    match kind {
        MountKind::Overlay => "overlay",
        MountKind::ReadWrite => "read-write directory",
        MountKind::ReadOnly => "read-only directory",
    }
}
