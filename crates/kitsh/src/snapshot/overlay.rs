//! An overlay mount's in-memory layer in a snapshot ([`crate::fs::OverlayImage`]): what the
//! session wrote over the host directory, its files' bytes as chunks like the rest.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::files::{file_bytes, file_record, FileRec};
use super::format::{Hash, OvEntryRec, OvKindRec, OvNodeRec, OverlayRec};
use crate::fs::{OverlayDir, OverlayEntry, OverlayImage, OverlayKind, OverlayNode};

/// The record of `o`, adding its files' chunks to `chunks`.
pub(super) fn record(o: &OverlayImage, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> OverlayRec {
    let mut node = |n: &OverlayNode| OvNodeRec { kind: kind_record(&n.kind, chunks), mode: n.mode, mtime: (n.mtime_secs, n.mtime_nanos) };
    let entries = o
        .entries
        .iter()
        .map(|(p, e)| {
            let e = match e {
                OverlayEntry::Node(n) => OvEntryRec::Node(node(n)),
                OverlayEntry::Link(i) => OvEntryRec::Link(*i),
                OverlayEntry::Whiteout => OvEntryRec::Whiteout,
            };
            (p.clone(), e)
        })
        .collect();
    let linked = o.linked.iter().map(&mut node).collect();
    OverlayRec { entries, linked }
}

fn kind_record(k: &OverlayKind, chunks: &mut BTreeMap<Hash, Arc<Vec<u8>>>) -> OvKindRec {
    match k {
        OverlayKind::File(data) => match file_record(data, chunks) {
            FileRec::Inline(b) => OvKindRec::Inline(b),
            FileRec::Chunks(len, hashes) => OvKindRec::Chunks(len, hashes),
        },
        OverlayKind::HostFile(p) => OvKindRec::HostFile(p.clone()),
        OverlayKind::Dir(OverlayDir::Inherit) => OvKindRec::DirInherit,
        OverlayKind::Dir(OverlayDir::Opaque) => OvKindRec::DirOpaque,
        OverlayKind::Dir(OverlayDir::Redirect(p)) => OvKindRec::DirRedirect(p.clone()),
        OverlayKind::Symlink(t) => OvKindRec::Symlink(t.clone()),
        OverlayKind::Fifo => OvKindRec::Fifo,
    }
}

/// The image of `o` (its chunks checked already).
pub(super) fn image(o: &OverlayRec, chunks: &BTreeMap<Hash, Arc<Vec<u8>>>) -> OverlayImage {
    let node = |n: &OvNodeRec| OverlayNode { kind: kind_image(&n.kind, chunks), mode: n.mode, mtime_secs: n.mtime.0, mtime_nanos: n.mtime.1 };
    let entries = o
        .entries
        .iter()
        .map(|(p, e)| {
            let e = match e {
                OvEntryRec::Node(n) => OverlayEntry::Node(node(n)),
                OvEntryRec::Link(i) => OverlayEntry::Link(*i),
                OvEntryRec::Whiteout => OverlayEntry::Whiteout,
            };
            (p.clone(), e)
        })
        .collect();
    OverlayImage { entries, linked: o.linked.iter().map(node).collect() }
}

fn kind_image(k: &OvKindRec, chunks: &BTreeMap<Hash, Arc<Vec<u8>>>) -> OverlayKind {
    match k {
        OvKindRec::Inline(b) => OverlayKind::File(Arc::new(b.to_vec())),
        OvKindRec::Chunks(len, hashes) => OverlayKind::File(file_bytes(*len, hashes, chunks)),
        OvKindRec::HostFile(p) => OverlayKind::HostFile(p.clone()),
        OvKindRec::DirInherit => OverlayKind::Dir(OverlayDir::Inherit),
        OvKindRec::DirOpaque => OverlayKind::Dir(OverlayDir::Opaque),
        OvKindRec::DirRedirect(p) => OverlayKind::Dir(OverlayDir::Redirect(p.clone())),
        OvKindRec::Symlink(t) => OverlayKind::Symlink(t.clone()),
        OvKindRec::Fifo => OverlayKind::Fifo,
    }
}

/// The nodes of `o` (each once), for size checks: (bytes, chunk list) of its files and the
/// length of its symlinks' targets.
pub(super) fn nodes(o: &OverlayRec) -> impl Iterator<Item = &OvNodeRec> {
    o.entries.iter().filter_map(|(_, e)| match e {
        OvEntryRec::Node(n) => Some(n),
        _ => None,
    }).chain(o.linked.iter())
}
