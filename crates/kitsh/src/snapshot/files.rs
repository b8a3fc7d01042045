//! The session's files in a snapshot: the filesystem's image ([`crate::fs::VfsImage`]) as
//! records whose file bytes are content-addressed chunks, and back.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::format::{sha256, FsRec, Hash, KindRec, MountRec, NodeRec, OvKindRec};
use super::{SnapshotError, CHUNK_SIZE};
use crate::fs::{FsImage, MountImage, NodeImage, NodeKind, VfsImage};
use crate::limits::ExecutionLimits;

/// Files up to this size are kept inline in the manifest (the `/usr/bin` stubs, small notes).
const INLINE_MAX: usize = 64;

/// Records for `image`, adding the chunks of its files to `chunks`.
pub(super) fn from_image(image: &VfsImage, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> FsRec {
    FsRec { root: tree_records(&image.root, chunks), mounts: image.mounts.iter().map(|m| mount_record(m, chunks)).collect() }
}

fn tree_records(tree: &FsImage, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> Vec<NodeRec> {
    tree.nodes.iter().map(|n| node_record(n, chunks)).collect()
}

fn node_record(n: &NodeImage, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> NodeRec {
    let kind = match &n.kind {
        NodeKind::File(data) => match file_record(data, chunks) {
            FileRec::Inline(b) => KindRec::Inline(b),
            FileRec::Chunks(len, hashes) => KindRec::Chunks(len, hashes),
        },
        NodeKind::Dir(entries) => KindRec::Dir(entries.clone()),
        NodeKind::Symlink(t) => KindRec::Symlink(t.clone()),
        NodeKind::Fifo => KindRec::Fifo,
        NodeKind::Device(d) => KindRec::Device(d.clone()),
    };
    NodeRec { kind, mode: n.mode, uid: n.uid, gid: n.gid, mtime: (n.mtime_secs, n.mtime_nanos) }
}

/// A file's bytes as a snapshot keeps them.
pub(super) enum FileRec {
    /// Inline (small files).
    Inline(serde_bytes::ByteBuf),
    /// Length and chunks.
    Chunks(u64, Vec<Hash>),
}

/// A file's bytes inline, or split into chunks (a file of one chunk shares its bytes).
pub(super) fn file_record(data: &Arc<Vec<u8>>, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> FileRec {
    if data.len() <= INLINE_MAX {
        return FileRec::Inline(serde_bytes::ByteBuf::from(data.as_slice().to_vec()));
    }
    if data.len() <= CHUNK_SIZE {
        let h = sha256(data);
        chunks.entry(h).or_insert_with(|| Arc::clone(data));
        return FileRec::Chunks(data.len() as u64, vec![h]);
    }
    let hashes = data
        .chunks(CHUNK_SIZE)
        .map(|c| {
            let h = sha256(c);
            chunks.entry(h).or_insert_with(|| Arc::new(c.to_vec()));
            h
        })
        .collect();
    FileRec::Chunks(data.len() as u64, hashes)
}

fn mount_record(m: &MountImage, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> MountRec {
    MountRec {
        path: m.path.clone(),
        host: m.host.to_string_lossy().into_owned(),
        kind: mount_kind_name(m.kind).to_string(),
        overlay: m.overlay.as_ref().map(|o| super::overlay::record(o, chunks)),
    }
}

fn mount_kind_name(k: crate::fs::MountKind) -> &'static str {
    match k {
        crate::fs::MountKind::Overlay => "overlay",
        crate::fs::MountKind::ReadWrite => "rw",
        crate::fs::MountKind::ReadOnly => "ro",
    }
}

fn mount_kind(name: &str) -> Result<crate::fs::MountKind, SnapshotError> {
    Ok(match name {
        "overlay" => crate::fs::MountKind::Overlay,
        "rw" => crate::fs::MountKind::ReadWrite,
        "ro" => crate::fs::MountKind::ReadOnly,
        _ => return Err(SnapshotError::Corrupt(format!("unknown mount kind {name:?}"))),
    })
}

/// Every node's size as a snapshot states it (bytes of a file or a symlink's target), with its
/// chunks when it names some: the root tree's nodes, then the overlays'.
fn sizes(fs: &FsRec) -> impl Iterator<Item = (u64, Option<&[Hash]>)> {
    let root = fs.root.iter().map(|n| match &n.kind {
        KindRec::Inline(b) => (b.len() as u64, None),
        KindRec::Chunks(len, h) => (*len, Some(h.as_slice())),
        KindRec::Symlink(t) => (t.len() as u64, None),
        _ => (0, None),
    });
    let overlays = fs.mounts.iter().filter_map(|m| m.overlay.as_ref()).flat_map(super::overlay::nodes).map(|n| match &n.kind {
        OvKindRec::Inline(b) => (b.len() as u64, None),
        OvKindRec::Chunks(len, h) => (*len, Some(h.as_slice())),
        OvKindRec::Symlink(t) => (t.len() as u64, None),
        _ => (0, None),
    });
    root.chain(overlays)
}

/// Every chunk the files name, sorted, each once.
pub(super) fn chunk_refs(fs: &FsRec) -> Vec<Hash> {
    let mut v: Vec<Hash> = sizes(fs).filter_map(|(_, h)| h).flatten().copied().collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Every chunk a file names is in the snapshot, and the lengths agree with the chunks.
pub(super) fn check_references(fs: &FsRec, chunks: &BTreeMap<Hash, Arc<Vec<u8>>>) -> Result<(), SnapshotError> {
    for (len, hashes) in sizes(fs) {
        let Some(hashes) = hashes else { continue };
        let mut sum = 0u64;
        for h in hashes {
            let c = chunks.get(h).ok_or_else(|| SnapshotError::Corrupt(format!("missing chunk {}", super::format::hex(h))))?;
            sum = sum.saturating_add(c.len() as u64);
        }
        if sum != len {
            return Err(SnapshotError::Corrupt(format!("a file of {len} bytes has chunks of {sum}")));
        }
    }
    Ok(())
}

/// The bytes of the files, each node once (hard links are one node).
pub(super) fn total_bytes(fs: &FsRec) -> u64 {
    sizes(fs).map(|(n, _)| n).fold(0u64, u64::saturating_add)
}


/// The filesystem image of `fs`. A file of several chunks is the one thing assembling
/// allocates beyond the snapshot's own bytes (inline files are decoded already, a file of one
/// chunk shares it), so their total is checked against `limits` first: a few chunks named many
/// times cannot make a large image. The filesystem's own load then checks the exact totals
/// against its quota (which does not charge the standard layout).
pub(super) fn to_image(fs: &FsRec, chunks: &BTreeMap<Hash, Arc<Vec<u8>>>, limits: &ExecutionLimits) -> Result<VfsImage, SnapshotError> {
    let assembled = sizes(fs).filter(|(_, h)| h.is_some_and(|h| h.len() > 1)).map(|(n, _)| n).fold(0u64, u64::saturating_add);
    if assembled > limits.max_fs_bytes {
        return Err(SnapshotError::Exceeds { limit: "max_fs_bytes", value: total_bytes(fs) });
    }
    let root = FsImage { nodes: fs.root.iter().map(|n| node_image(n, chunks)).collect() };
    let mut mounts = Vec::with_capacity(fs.mounts.len());
    for m in &fs.mounts {
        mounts.push(MountImage {
            path: m.path.clone(),
            host: std::path::PathBuf::from(&m.host),
            kind: mount_kind(&m.kind)?,
            overlay: m.overlay.as_ref().map(|o| super::overlay::image(o, chunks)),
        });
    }
    Ok(VfsImage { root, mounts })
}

pub(super) fn node_image(n: &NodeRec, chunks: &BTreeMap<Hash, Arc<Vec<u8>>>) -> NodeImage {
    let kind = match &n.kind {
        KindRec::Inline(b) => NodeKind::File(Arc::new(b.to_vec())),
        KindRec::Chunks(len, hashes) => NodeKind::File(file_bytes(*len, hashes, chunks)),
        KindRec::Dir(entries) => NodeKind::Dir(entries.clone()),
        KindRec::Symlink(t) => NodeKind::Symlink(t.clone()),
        KindRec::Fifo => NodeKind::Fifo,
        KindRec::Device(d) => NodeKind::Device(d.clone()),
    };
    NodeImage { kind, mode: n.mode, uid: n.uid, gid: n.gid, mtime_secs: n.mtime.0, mtime_nanos: n.mtime.1 }
}

/// A file's bytes from its chunks (checked by [`check_references`]); a file of one chunk
/// shares the chunk's bytes.
pub(super) fn file_bytes(len: u64, hashes: &[Hash], chunks: &BTreeMap<Hash, Arc<Vec<u8>>>) -> Arc<Vec<u8>> {
    if let [h] = hashes {
        if let Some(c) = chunks.get(h) {
            return Arc::clone(c);
        }
    }
    let mut data = Vec::with_capacity(len as usize);
    for h in hashes {
        if let Some(c) = chunks.get(h) {
            data.extend_from_slice(c);
        }
    }
    Arc::new(data)
}
