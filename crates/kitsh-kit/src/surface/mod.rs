//! The ways to use a kit's tools: [`call`] (one call, shared by all), [`bash`] (commands of a
//! ScriptedTool, KIT-21), [`lua`] (`kitsh run FILE.lua`, KIT-22).

pub mod bash;
pub mod call;
pub mod lua;
