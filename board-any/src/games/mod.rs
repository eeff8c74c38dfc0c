//! [`Playable`](crate::Playable) for each game of the workspace: the only
//! files that name a game's types.

/// [`Playable::draw`](crate::Playable::draw) through the game crate's
/// `to_svg_in` (with words) or `to_svg` (its own English): the same in
/// every game.
macro_rules! draw_with_the_crate_svg {
    () => {
        fn draw(
            &self,
            options: &board_core::SvgOptions<Self::Move, Self::Place, Self::View>,
            words: Option<&dyn board_core::Words>,
        ) -> String {
            match words {
                Some(words) => self.to_svg_in(options, words),
                None => self.to_svg(options),
            }
        }
    };
}

mod chess3d;
mod echec_o_cube;
mod kybo;
